// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConditionFilter } from '../lib/filter-patients.ts';
import { PatientToolbar } from './patient-toolbar.tsx';

afterEach(cleanup);

/** The toolbar with its filters held as the dashboard holds them. */
function Toolbar() {
  const [condition, setCondition] = useState<ConditionFilter>('all');
  const [isMine, setMine] = useState(false);
  return (
    <PatientToolbar
      condition={condition}
      onConditionChange={setCondition}
      sort="news2"
      onSortChange={() => {}}
      search=""
      onSearchChange={() => {}}
      mine={{ isOn: isMine, onChange: setMine }}
    />
  );
}

const pressed = () =>
  screen
    .getAllByRole('button', { pressed: true })
    .map((b) => b.textContent)
    .sort();

describe('the ward filters ("My patients" stuck under "All Patients", issue 40 item 2)', () => {
  it('"All Patients" is pressed only while nothing filters, and one click on it clears "My patients"', () => {
    render(<Toolbar />);
    expect(pressed()).toEqual(['All Patients']);
    fireEvent.click(screen.getByRole('button', { name: 'My patients' }));
    expect(pressed()).toEqual(['My patients']);
    fireEvent.click(screen.getByRole('button', { name: 'All Patients' }));
    expect(pressed()).toEqual(['All Patients']);
  });

  it('a condition and "My patients" combine, both shown pressed', () => {
    render(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: 'My patients' }));
    fireEvent.click(screen.getByRole('button', { name: 'Critical' }));
    expect(pressed()).toEqual(['Critical', 'My patients']);
    fireEvent.click(screen.getByRole('button', { name: 'All Patients' }));
    expect(pressed()).toEqual(['All Patients']);
  });
});
