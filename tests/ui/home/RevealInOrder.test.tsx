import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevealInOrder, useRevealPending } from '../../../src/pages/home/RevealInOrder';

function Card({ name, pending }: { name: string; pending: boolean }) {
  useRevealPending(pending);
  return <p>{pending ? `${name} loading` : name}</p>;
}

const home = (pending: [boolean, boolean, boolean]) => (
  <RevealInOrder>
    <Card name="First" pending={pending[0]} />
    <Card name="Second" pending={pending[1]} />
    <Card name="Third" pending={pending[2]} />
  </RevealInOrder>
);

/** Home's cards show top to bottom as they load, so that a card growing pushes nothing on screen down. */
describe('RevealInOrder', () => {
  it('shows a card once every card above it has loaded, each mounted from the start', () => {
    const { rerender } = render(home([true, false, false]));
    expect(screen.getByText('First loading')).toBeVisible();
    // Mounted (its request is under way), not shown.
    expect(screen.getByText('Second')).not.toBeVisible();
    expect(screen.getByText('Third')).not.toBeVisible();

    rerender(home([false, true, false]));
    expect(screen.getByText('First')).toBeVisible();
    expect(screen.getByText('Second loading')).toBeVisible();
    expect(screen.getByText('Third')).not.toBeVisible();

    rerender(home([false, false, false]));
    for (const name of ['First', 'Second', 'Third']) expect(screen.getByText(name)).toBeVisible();
  });
});
