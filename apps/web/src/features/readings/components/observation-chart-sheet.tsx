import { displayPatientId, type News2ChartSection, type Patient } from '@vigil/domain';
import { formatClockTime, formatDateTime, formatDayMonth } from '@/lib/date-time.ts';
import { patientLabel } from '@/lib/patient-label.ts';
import type { ChartColumn } from '../lib/chart-columns.ts';

interface SheetProps {
  patient: Patient;
  sections: News2ChartSection[];
  columns: ChartColumn[];
  /** Blank columns after the data, so every sheet has the same grid (room to write by hand). */
  blankColumns: number;
  sheet: { index: number; count: number };
  window: { hours: number; from: Date; to: Date };
}

function TimeHeader({ columns, blank }: { columns: ChartColumn[]; blank: number }) {
  return (
    <>
      <tr>
        <th scope="col" colSpan={2} className="obs-chart-band-label">
          Date
        </th>
        {columns.map((column, i) => {
          const day = formatDayMonth(new Date(column.time));
          const previous = columns[i - 1];
          const isNewDay = !previous || formatDayMonth(new Date(previous.time)) !== day;
          return (
            <th key={column.time} scope="col" className="font-normal">
              {isNewDay ? day : ''}
            </th>
          );
        })}
        {Array.from({ length: blank }, (_, i) => (
          <td key={`blank-${i.toString()}`} />
        ))}
      </tr>
      <tr>
        <th scope="col" colSpan={2}>
          Time
        </th>
        {columns.map((column) => (
          <th key={column.time} scope="col" aria-label={formatDateTime(column.time)}>
            {formatClockTime(new Date(column.time))}
          </th>
        ))}
        {Array.from({ length: blank }, (_, i) => (
          <td key={`blank-${i.toString()}`} />
        ))}
      </tr>
    </>
  );
}

function SectionRows({
  section,
  columns,
  blank,
}: {
  section: News2ChartSection;
  columns: ChartColumn[];
  blank: number;
}) {
  const placed = columns.map((column) => column.cells[section.parameter]);
  return (
    <tbody>
      <tr className="obs-chart-section">
        <th scope="rowgroup" colSpan={2 + columns.length + blank}>
          {section.title}
        </th>
      </tr>
      {section.rows.map((row, rowIndex) => (
        <tr key={row.id}>
          <th scope="row" className={`obs-chart-score-${row.score}`}>
            {row.label}
          </th>
          <td className={`obs-chart-score-${row.score}`} title={`Scores ${row.score}`}>
            {row.score}
          </td>
          {columns.map((column, i) => {
            const cell = placed[i];
            const isHere = cell?.row === rowIndex;
            return (
              <td
                key={column.time}
                className={`obs-chart-score-${row.score}${isHere ? ' obs-chart-value' : ''}`}
              >
                {isHere ? cell.text : ''}
              </td>
            );
          })}
          {Array.from({ length: blank }, (_, i) => (
            <td key={`blank-${i.toString()}`} className={`obs-chart-score-${row.score}`} />
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/** One A4 sheet of the RCP NEWS2 chart: the patient, the time columns, each parameter's bands, the totals. */
export function ObservationChartSheet({
  patient,
  sections,
  columns,
  blankColumns,
  sheet,
  window,
}: SheetProps) {
  const title = `NEWS2 observation chart, sheet ${sheet.index + 1} of ${sheet.count}`;
  return (
    <section className="obs-chart-sheet" aria-label={title} data-chart-sheet="">
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-bold text-base">
          {patientLabel(patient)} · {displayPatientId(patient.id)}
        </h2>
        <p>
          NEWS2 chart, last {window.hours} h ({formatDateTime(window.from)} to {formatDateTime(window.to)}) ·
          SpO₂ Scale {patient.spo2Scale} · Sheet {sheet.index + 1} of {sheet.count}
        </p>
      </header>
      <table className="obs-chart-table">
        <caption className="sr-only">{title}</caption>
        <colgroup>
          <col className="obs-chart-band-label" />
          <col className="obs-chart-score-label" />
        </colgroup>
        <thead>
          <TimeHeader columns={columns} blank={blankColumns} />
        </thead>
        {sections.map((section) => (
          <SectionRows key={section.parameter} section={section} columns={columns} blank={blankColumns} />
        ))}
        <tbody>
          <tr className="obs-chart-section">
            <th scope="row" colSpan={2}>
              NEWS2 total
            </th>
            {columns.map((column) => (
              <td
                key={column.time}
                className={`obs-chart-value${column.news2 ? ` obs-chart-total-${column.news2.band}` : ''}`}
                title={
                  column.news2 && !column.news2.complete
                    ? 'At least: a parameter was not recorded'
                    : undefined
                }
              >
                {column.news2 ? `${column.news2.complete ? '' : '≥'}${column.news2.total}` : ''}
              </td>
            ))}
            {Array.from({ length: blankColumns }, (_, i) => (
              <td key={`blank-${i.toString()}`} />
            ))}
          </tr>
        </tbody>
      </table>
      <p className="mt-1">
        Score 3 red, 2 orange, 1 yellow. "≥" marks a total scored without every parameter; "?" an SpO₂ on
        Scale 2 whose air or oxygen was not recorded. Totals are the server's NEWS2.
      </p>
    </section>
  );
}
