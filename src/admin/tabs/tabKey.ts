/** A tab's key in the page's address, from its label: 'Demo data' → 'demo-data'. */
export const tabKey = (label: string) => label.toLowerCase().replace(/\s+/g, '-');
