import { describe, expect, it } from 'vitest';
import { pageCount, pageLinks } from '../../../src/admin/lists/pageLinks';
import { nextSort } from '../../../src/admin/lists/sortToggle';

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pageLinks (up to 10 links, rotation, boundary pages, ellipses)', () => {
  it('shows every page when there are ten or fewer', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(3, 5)).toEqual(span(1, 5));
    expect(pageLinks(10, 10)).toEqual(span(1, 10));
  });

  it('shows nothing for an empty collection', () => {
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it('does not rotate until the current page passes the middle', () => {
    expect(pageLinks(1, 30)).toEqual([...span(1, 10), 'ellipsis', 30]);
    expect(pageLinks(5, 30)).toEqual([...span(1, 10), 'ellipsis', 30]);
    expect(pageLinks(6, 30)).toEqual([...span(1, 10), 'ellipsis', 30]);
  });

  it('rotates the window around the current page', () => {
    expect(pageLinks(7, 30)).toEqual([1, ...span(2, 11), 'ellipsis', 30]);
    expect(pageLinks(15, 30)).toEqual([1, 'ellipsis', ...span(10, 19), 'ellipsis', 30]);
  });

  it('shows the single hidden page instead of an ellipsis', () => {
    expect(pageLinks(8, 30)).toEqual([1, 2, ...span(3, 12), 'ellipsis', 30]);
    expect(pageLinks(9, 30)).toEqual([1, 'ellipsis', ...span(4, 13), 'ellipsis', 30]);
    expect(pageLinks(24, 30)).toEqual([1, 'ellipsis', ...span(19, 28), 29, 30]);
    expect(pageLinks(25, 30)).toEqual([1, 'ellipsis', ...span(20, 29), 30]);
  });

  it('stops rotating at the end', () => {
    expect(pageLinks(26, 30)).toEqual([1, 'ellipsis', ...span(21, 30)]);
    expect(pageLinks(30, 30)).toEqual([1, 'ellipsis', ...span(21, 30)]);
  });

  it('keeps a window of ten pages plus one boundary page and one gap entry on each side', () => {
    for (let page = 1; page <= 100; page++) {
      const links = pageLinks(page, 100);
      const numbers = links.filter((l) => l !== 'ellipsis') as number[];
      expect(numbers).toContain(page);
      expect(numbers[0]).toBe(1);
      expect(numbers[numbers.length - 1]).toBe(100);
      expect(links.length).toBeLessThanOrEqual(14);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageLinks(99, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(0, 30)).toEqual([...span(1, 10), 'ellipsis', 30]);
  });
});

describe('pageCount', () => {
  it('rounds up and keeps one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(95, 50)).toBe(2);
  });
});

describe('nextSort', () => {
  it('toggles the same column between ASC and DESC', () => {
    expect(nextSort({ field: 'customer_name', order: 'ASC' }, 'customer_name')).toEqual({
      field: 'customer_name',
      order: 'DESC',
    });
    expect(nextSort({ field: 'customer_name', order: 'DESC' }, 'customer_name')).toEqual({
      field: 'customer_name',
      order: 'ASC',
    });
  });

  it('starts another column ASC, whatever the current direction', () => {
    expect(nextSort({ field: 'customer_name', order: 'DESC' }, 'customer_city')).toEqual({
      field: 'customer_city',
      order: 'ASC',
    });
    expect(nextSort(undefined, 'customer_city')).toEqual({ field: 'customer_city', order: 'ASC' });
  });
});
