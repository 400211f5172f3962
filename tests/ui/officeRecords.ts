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
