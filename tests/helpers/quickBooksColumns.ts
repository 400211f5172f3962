/** The columns QuickBooks Online maps by itself when importing invoices, spelled as issue 40 gives them. */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Memo',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Item tax code',
  'Service Date',
];
