import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StormEdit } from '../../../src/resources/storms/StormEdit';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeStormsApi } from './stormsApi';

describe('Storm detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leads to the storm board and the close-out', async () => {
    fakeStormsApi([]);
    renderAdmin(routes({ '/storms/:id': <StormEdit /> }), {
      dataProvider,
      queryClient: createQueryClient(),
      initialEntries: ['/storms/5'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Storm of Jan 5, 2027' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Storm of Jan 5, 2027');
    expect(screen.getByRole('link', { name: 'Storm board' })).toHaveAttribute('href', '/storms/5/board');
    expect(screen.getByRole('link', { name: 'Close out' })).toHaveAttribute('href', '/storms/5/closeOut');
  });
});
