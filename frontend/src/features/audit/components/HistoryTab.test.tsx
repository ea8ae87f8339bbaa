import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listAnswer } from '../../../test/fixtures';
import { json, mockApi, renderWithStore } from '../../../test/render';
import { makeAuditEntry } from '../testFixtures';
import { HistoryTab } from './HistoryTab';

describe('History tab', () => {
  it("asks for the record's history and shows each change in plain words with its date", async () => {
    const calls = mockApi({
      'GET /api/audit': () =>
        json(200, listAnswer([makeAuditEntry({ at: '2026-11-19T10:05:00.000Z' })])),
    });
    renderWithStore(<HistoryTab recordType="organization" recordId="o1" />);
    expect(
      await screen.findByText(
        'Mary Byrne changed Financial year end from 31/12/2025 to 31/03/2026',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('19/11/2026 - 10:05 AM')).toBeInTheDocument();
    expect(calls[0].path).toBe('/api/audit');
  });

  it('says when nothing was recorded yet', async () => {
    mockApi({ 'GET /api/audit': () => json(200, listAnswer([])) });
    renderWithStore(<HistoryTab recordType="people" recordId="p1" />);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
