import { Link } from '@mui/material';
import { useGetOne, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { customers } from '../../schema';

interface CustomerLinkProps {
  customerId: Identifier | null | undefined;
  /** The customer's name when the record at hand already has it; otherwise it is loaded. */
  name?: string | null;
}

/** A link to /customers/:id showing the customer's name, e.g. under a site's or an estimate's title. */
export function CustomerLink({ customerId, name }: CustomerLinkProps) {
  const known = typeof name === 'string' && name !== '';
  const { data } = useGetOne(customers.name, { id: customerId! }, { enabled: Boolean(customerId) && !known });
  const shown = known ? name : data?.name;
  if (!customerId || !shown) return null;
  return (
    <Link component={RouterLink} to={`/${customers.route}/${customerId}`} variant="body2">
      {shown}
    </Link>
  );
}
