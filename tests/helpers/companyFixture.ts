/** The company of the print and settings tests: the demo letterhead's details. */
export const FIXTURE_COMPANY = {
  name: 'Greenfield Landscape & Snow, LLC',
  address1: '1200 Route 33',
  address2: 'Building B',
  city: 'Hamilton',
  state: 'NJ',
  zip: '08690',
  phone: '(609) 555-0142',
  email: 'office@greenfield.example',
  website: 'www.greenfield.example',
};
