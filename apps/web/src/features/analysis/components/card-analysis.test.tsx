// @vitest-environment happy-dom

import { cleanup, render, screen } from '@testing-library/react';
import { NEWS2_CHART4 } from '@vigil/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { CardAnalysis } from './card-analysis.tsx';

afterEach(cleanup);

describe('the dashboard card’s analysis draws the words the server sent', () => {
  it('shows the alert level, the findings and the Chart 4 response of the summary', () => {
    const { news2 } = makePatient({ respiratoryRate: 26, pulse: 124 });
    render(<CardAnalysis news2={news2} />);
    expect(screen.getByText(news2.alertLevel)).toBeTruthy();
    const text = screen.getByText(/^Medium risk, NEWS2 5\./).textContent;
    expect(text).toBe(`${news2.findings} ${news2.response}`);
    expect(news2.response).toBe(NEWS2_CHART4.urgent.response);
  });

  it('says what the summary says, not what the web would word', () => {
    const { news2 } = makePatient();
    render(
      <CardAnalysis news2={{ ...news2, findings: 'Words from the server.', response: 'Act on them.' }} />,
    );
    expect(screen.getByText('Words from the server. Act on them.')).toBeTruthy();
  });
});
