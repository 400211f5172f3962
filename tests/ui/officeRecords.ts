/** Records of one small office that several UI tests show: a customer and its site. */
export const greenAcres = {
  id: 5,
  name: 'Green Acres Estate',
  type: 1,
  address1: '1 Farm Road',
  address2: 'Barn 2',
  city: 'Trenton',
  county: 'Mercer',
  state: 'NJ',
  zip: '08601',
  version: 3,
};

export const northField = {
  id: 9,
  customerID: 5,
  name: 'North Field',
  address1: '3 Farm Road',
  address2: null,
  city: 'Trenton',
  county: 'Mercer',
  state: 'NJ',
  zip: '08601',
  notes: '',
  version: 2,
};

/** GET /api/company/mail of an office that has not set mail up: the default templates. */
export const NO_MAIL_SETTINGS = {
  source: 'none',
  configured: false,
  host: null,
  port: null,
  security: 'starttls',
  username: null,
  passwordSet: false,
  fromAddress: null,
  subjectTemplate: 'Proposal {estimateNumber} from {company}: {project}',
  messageTemplate: 'Dear {customer},\n\nOur proposal for {project} is valid until {validUntil}.\n\n{company}',
  version: 0,
};
