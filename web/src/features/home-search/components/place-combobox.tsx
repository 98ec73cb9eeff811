import { ChangeEvent, KeyboardEvent, Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { FieldMessage } from '@/components/ui/form-field';
import type { PlaceDto } from '@/api/types.gen';
import { PLACES_MIN_CHARS, usePlaceSuggestions } from '../api/search-places';
import { isAllowedLocationText } from '../location';
import { useDebouncedValue } from '../use-debounced-value';

/** Time after the last key before the places are asked for. */
export const PLACES_DEBOUNCE_MS = 300;

export interface PlaceComboboxProps {
  label: string;
  placeholder?: string;
  /** The text in the box. */
  value: string;
  /** A place is picked and the text is its label: no suggestions until the text changes. */
  picked: boolean;
  /** The typed text, only when every character is allowed. */
  onTextChange: (text: string) => void;
  onPick: (place: PlaceDto) => void;
  /** The field error (translation keys, see FieldMessage). */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

/**
 * The location box with places autocomplete: an ARIA 1.2 combobox with a listbox popup
 * (arrows move, Enter picks, Escape closes). Typing an invalid character keeps the previous
 * text (spec 02 §5).
 */
export function PlaceCombobox({
  label,
  placeholder,
  value,
  picked,
  onTextChange,
  onPick,
  error,
  inputRef,
  name,
}: PlaceComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [rejected, setRejected] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  const debounced = useDebouncedValue(value, PLACES_DEBOUNCE_MS);
  const searching = open && !picked;
  const query = usePlaceSuggestions(searching ? debounced : '');
  const longEnough = value.trim().length >= PLACES_MIN_CHARS;
  const suggestions = searching && longEnough && query.data ? query.data : [];
  const expanded = suggestions.length > 0;
  const activeIndex = active < suggestions.length ? active : -1;
  const optionId = (index: number): string => `${id}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) {
      return;
    }
    const option = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    // jsdom has no layout and no scrollIntoView.
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const pick = (place: PlaceDto): void => {
    setOpen(false);
    setActive(-1);
    onPick(place);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    // A pasted tab or line break (or no-break space) is a plain space, as the API takes it.
    const text = event.target.value.replace(/[^\S ]+/g, ' ');
    if (!isAllowedLocationText(text)) {
      // Put the previous text back at once: a controlled input is only reset by a re-render,
      // and a second refused character in a row changes no state (Preact renders nothing).
      event.target.value = value;
      setRejected(true);
      return;
    }
    setRejected(false);
    setActive(-1);
    setOpen(true);
    onTextChange(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
        }
        if (suggestions.length > 0) {
          setActive(activeIndex + 1 >= suggestions.length ? 0 : activeIndex + 1);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
        }
        if (suggestions.length > 0) {
          setActive(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
        }
        break;
      case 'Enter':
        // Enter on a highlighted suggestion picks it instead of submitting the form.
        if (expanded && activeIndex >= 0) {
          event.preventDefault();
          pick(suggestions[activeIndex]);
        }
        break;
      case 'Escape':
        if (expanded) {
          // Only the list closes; a surrounding dialog stays open.
          event.preventDefault();
          event.stopPropagation();
        }
        setOpen(false);
        setActive(-1);
        break;
      default:
        break;
    }
  };

  let status: string | null = null;
  if (searching && longEnough) {
    if (query.isError) {
      status = t('home.places.error');
    } else if (query.isFetching && suggestions.length === 0) {
      status = t('home.places.loading');
    } else if (query.isSuccess && debounced === value && suggestions.length === 0) {
      status = t('home.places.empty');
    }
  }

  const describedBy = [rejected ? noticeId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={error ? 'field place-combobox field--invalid' : 'field place-combobox'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="place-combobox__control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="field__input place-combobox__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="place-combobox__list"
          hidden={!expanded}
        >
          {suggestions.map((place, index) => (
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={
                index === activeIndex
                  ? 'place-combobox__option place-combobox__option--active'
                  : 'place-combobox__option'
              }
              // Keeps the focus in the input, so blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(place)}
            >
              {place.label}
            </li>
          ))}
        </ul>
        <p className="place-combobox__status" aria-live="polite">
          {status}
        </p>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('home.places.count', { count: suggestions.length }) : ''}
      </p>
      {rejected ? (
        <p id={noticeId} className="field__hint place-combobox__notice" aria-live="polite">
          {t('home.search.invalidCharacter')}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}
