import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { dispatchForm, resetFormStoreForTests, type PatientForm } from '@/lib/patient-form';
import { renderWithApp } from '@/testing/render';
import { PatientSummaryPanel, type PatientSummaryPanelProps } from './index';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPanel(props: PatientSummaryPanelProps = {}, language?: 'en' | 'es' | 'de') {
  return renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <PatientSummaryPanel {...props} />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/search', language },
  );
}

const ANSWERS: PatientForm = {
  type_of_disease: 'multiple_myeloma',
  mm_subtype: 'active',
  treatment_stage: 'relapsed',
  newly_diagnosed: 'no',
  tp53: 'no',
  chemotherapy: '2',
  autologous: '-1',
  autologous_month: '3',
  autologous_year: '2021',
  allogeneic: '-2',
  age: '1958',
  gender: 'female',
  pregnant: 'no',
  ecog: 'dontknow',
  zip_code: 'Madrid, Spain',
  _id: 'q-1',
};

afterEach(() => {
  resetFormStoreForTests();
});

describe('Patient Information panel (spec 01 §2)', () => {
  it('should show the stored answers by section with the display rules', () => {
    dispatchForm({ type: 'setMany', values: ANSWERS });
    renderPanel();
    const panel = screen.getByRole('complementary', { name: 'Patient Information' });
    const value = (label: string) => within(panel).getByText(label).nextSibling?.textContent;

    expect(value('Condition')).toBe('Multiple myeloma');
    expect(value('Myeloma type')).toBe('Active (symptomatic) myeloma');
    expect(value('TP53 mutation or 17p deletion')).toBe('Negative');
    expect(value('Prior lines of chemotherapy')).toBe('2');
    expect(value('Autologous stem cell transplant')).toBe('Yes');
    expect(value('Date of the autologous transplant')).toBe('March 2021');
    expect(value('Allogeneic stem cell transplant')).toBe('No');
    expect(value('Age (years)')).toBe(String(new Date().getFullYear() - 1958));
    expect(value('Biological sex')).toBe('Female');
    expect(value('Planned pregnancy')).toBe('No');
    for (const hidden of [
      'Newly diagnosed, not treated yet',
      'ECOG performance status',
      'Month of the autologous transplant',
      'Madrid, Spain',
      'q-1',
    ]) {
      expect(within(panel).queryByText(hidden)).not.toBeInTheDocument();
    }
  });

  it('should collapse and open each section', async () => {
    dispatchForm({ type: 'setMany', values: ANSWERS });
    const { user } = renderPanel();
    const toggle = screen.getByRole('button', { name: 'Previous Treatments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Prior lines of chemotherapy')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Prior lines of chemotherapy')).not.toBeVisible();
    expect(screen.getByText('Biological sex')).toBeVisible();
    await user.click(toggle);
    expect(screen.getByText('Prior lines of chemotherapy')).toBeVisible();
  });

  it('should edit on /questionnaire when the form has a condition and a location', async () => {
    dispatchForm({
      type: 'setMany',
      values: { ...ANSWERS, country_name: 'ES', latitude: 40.4, longitude: -3.7, radius: '100' },
    });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Edit Patient Summary' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/questionnaire');
  });

  it('should send an incomplete form to / to choose a condition and a location', async () => {
    dispatchForm({ type: 'setMany', values: ANSWERS });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Edit Patient Summary' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('should show Medical Files only with its content, and a close icon in the modal variant', async () => {
    const onClose = vi.fn();
    const { user, unmount } = renderPanel({ onClose });
    expect(screen.queryByRole('button', { name: 'Medical Files' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Nothing answered yet.')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    renderPanel({ medicalFiles: <p>report.pdf</p>, editable: false });
    expect(screen.getByRole('button', { name: 'Medical Files' })).toBeInTheDocument();
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Patient Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('should show a given form (a loaded request) in the chosen language', () => {
    renderPanel({ form: { type_of_disease: 'lung_cancer', egfr: 'yes', gender: 'male' } }, 'de');
    const panel = screen.getByRole('complementary', { name: 'Patienteninformationen' });
    expect(within(panel).getByText('EGFR-Mutation').nextSibling).toHaveTextContent('Positiv');
    expect(within(panel).getByText('Biologisches Geschlecht').nextSibling).toHaveTextContent(
      'Männlich',
    );
    expect(
      within(panel).getByRole('button', { name: 'Patientenübersicht bearbeiten' }),
    ).toBeInTheDocument();
  });
});
