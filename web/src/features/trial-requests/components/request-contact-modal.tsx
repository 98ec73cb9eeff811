import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { CloseButton } from '@/components/ui/close-button';
import { CheckboxField, FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { useModal } from '@/components/ui/modal-store';
import type { ModalContentProps } from '@/components/ui/modal-types';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { schemaResolver } from '@/lib/form-schema';
import { isMaximumReached, useCreateTrialRequest } from '../api/create-trial-request';
import { contactSchema, ContactValues, IDENTIFIER_MAX, MAX_REQUESTS } from '../schemas';
import './trial-requests.css';
import { numberFormat } from '@/lib/intl';

/** A site of the trial as the contact modal offers it. */
export interface ContactSite {
  facilityId: number;
  facility: string;
  city: string;
  country: string;
  /** Distance from the patient's place, null when unknown. */
  distance: number | null;
  /** Placed at its city (the record gives no coordinates): under 1 km/mi it is in that city. */
  approximateLocation?: boolean;
}

export interface RequestContactModalProps {
  nctId: string;
  trialName: string;
  /** The trial's sites, in any order: the modal puts the nearest first. */
  sites: ContactSite[];
  /** The facility of the link (`facility`), preselected when it is one of the sites. */
  facility: number | null;
  /** The patient's answers as they are now; the request keeps them. */
  questionnaire: Record<string, unknown>;
  /** 'km' or 'mi' for the distances. */
  unitLabel: string;
}

/** Nearest first; sites without a distance last, in their given order. */
export function sitesNearestFirst(sites: readonly ContactSite[]): ContactSite[] {
  return sites
    .map((site, index) => ({ site, index }))
    .sort(
      (a, b) => (a.site.distance ?? Infinity) - (b.site.distance ?? Infinity) || a.index - b.index,
    )
    .map(({ site }) => site);
}

function siteLabel(site: ContactSite, distance: string | null): string {
  const place = [site.city, site.country].filter(Boolean).join(', ');
  return [site.facility, place, distance].filter(Boolean).join(' · ');
}

/** The request-trial contact modal (spec 01 §2 Modals, §5, §8). */
export function RequestContactModal({
  nctId,
  trialName,
  sites,
  facility,
  questionnaire,
  unitLabel,
  titleId,
  onClose,
}: RequestContactModalProps & ModalContentProps) {
  const { t, i18n } = useTranslation();
  const { supportEmail } = useAppConfig();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const create = useCreateTrialRequest();
  const [maxReached, setMaxReached] = useState(false);
  const ordered = sitesNearestFirst(sites);
  const preselected = ordered.find((s) => s.facilityId === facility) ?? ordered[0];
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactValues>({
    resolver: schemaResolver(contactSchema),
    defaultValues: {
      identifier: '',
      facilityId: preselected ? String(preselected.facilityId) : '',
      consent: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        identifier: values.identifier.trim(),
        trialId: nctId,
        trialName,
        selectedLocation: { facility_id: Number(values.facilityId) },
        questionnaire,
        consent: true,
      });
      openModal('popup', {
        title: t('requests.contact.successTitle'),
        text: t('requests.contact.successText'),
        primaryLabel: t('requests.contact.ok'),
      });
    } catch (error) {
      if (isMaximumReached(error)) {
        setMaxReached(true);
        return;
      }
      // Spec 01 §8: the failure popup, and the app goes home.
      openModal('popup', {
        title: t('requests.contact.failureTitle'),
        text: t('requests.contact.failureText', { email: supportEmail }),
        primaryLabel: t('requests.contact.ok'),
      });
      void navigate(paths.home);
    }
  });

  if (maxReached) {
    return (
      <div className="request-modal">
        <h2 id={titleId} className="request-modal__title">
          {t('requests.contact.maxTitle')}
        </h2>
        <p className="request-modal__text" role="alert">
          {t('requests.contact.maxText', { max: MAX_REQUESTS, email: supportEmail })}
        </p>
        <button
          type="button"
          className="button button--primary request-modal__wide"
          data-autofocus
          onClick={onClose}
        >
          {t('requests.contact.ok')}
        </button>
      </div>
    );
  }

  return (
    <div className="request-modal">
      <CloseButton onClose={onClose} />
      <h2 id={titleId} className="request-modal__title">
        {t('requests.contact.title')}
      </h2>
      <p className="request-modal__trial">{trialName}</p>
      <p className="request-modal__text">{t('requests.contact.subtitle')}</p>
      <form className="request-modal__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label={t('requests.contact.identifier')}
          hint={t('requests.contact.identifierHelp')}
          autoComplete="off"
          // One more than allowed, so the message can say why instead of the field going mute.
          maxLength={IDENTIFIER_MAX + 5}
          data-autofocus
          error={errors.identifier?.message}
          {...register('identifier')}
        />
        <SelectField
          label={t('requests.contact.site')}
          error={errors.facilityId?.message}
          {...register('facilityId')}
        >
          {ordered.map((site) => (
            <option key={site.facilityId} value={String(site.facilityId)}>
              {siteLabel(
                site,
                site.distance === null
                  ? null
                  : site.distance < 0.05 || (site.approximateLocation && site.distance < 1)
                    ? t('requests.contact.siteNearby')
                    : t('requests.contact.siteDistance', {
                        distance: `${number.format(site.distance)} ${unitLabel}`,
                      }),
              )}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label={t('requests.contact.consent')}
          error={errors.consent?.message}
          {...register('consent')}
        />
        {create.isError && !isMaximumReached(create.error) ? (
          <FormAlert>{t('requests.contact.failureTitle')}</FormAlert>
        ) : null}
        <div className="request-modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('requests.contact.cancel')}
          </button>
          <SubmitButton busy={create.isPending}>{t('requests.contact.submit')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
