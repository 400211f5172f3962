/** useAction: a call a click starts, its failure reported through the notification path, never thrown. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from '../../../src/admin/alerts/useAction';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { renderAdmin } from '../renderAdmin';

function Runner({ work, onResult }: { work: (n: number) => Promise<string>; onResult: (result: string | undefined) => void }) {
  const { run, isPending } = useAction(work);
  const [runs] = useState(() => new Set<unknown>());
  runs.add(run);
  return (
    <button type="button" onClick={() => run(7).then(onResult)} data-runs={runs.size}>
      {isPending ? 'Working' : 'Run'}
    </button>
  );
}

describe('useAction', () => {
  it('resolves with what the work returns, pending meanwhile, with one run function throughout', async () => {
    let finish: (value: string) => void = () => {};
    const work = vi.fn((n: number) => new Promise<string>((resolve) => (finish = (value) => resolve(`${value} ${n}`))));
    const onResult = vi.fn();
    renderAdmin(<Runner work={work} onResult={onResult} />, { alerts: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('button', { name: 'Working' })).toBeInTheDocument();
    finish('done');
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('done 7'));
    expect(screen.getByRole('button', { name: 'Run' })).toHaveAttribute('data-runs', '1');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('reports a failure once and resolves with undefined, never throwing', async () => {
    const onResult = vi.fn();
    const refused = () => Promise.reject(new HttpError('Refused.', 409, { message: 'Refused.' }));
    renderAdmin(<Runner work={refused} onResult={onResult} />, { alerts: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningRefused.');
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Refused.' });
    expect(screen.getByRole('button', { name: 'Run' })).toBeInTheDocument();
  });
});
