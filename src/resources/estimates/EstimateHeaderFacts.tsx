import { Chip, Link } from '@mui/material';
import { useGetOne, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { estimates, sites } from '../../schema';
import { MapLink } from '../../admin/detail/ContactLinks';
import { HeaderFacts } from '../../admin/detail/HeaderFacts';
import { fieldLabel } from '../../admin/forms/FieldInput';
import { CustomerLink } from '../customers/CustomerLink';
import { formatEstimateDate } from './estimateColumns';
import { estimateLabel } from '../../domain/estimates';

/**
 * Under the estimate's title, what its proposal prints: its number, its date (created on),
 * its site (to the site, and its address to a map) and its customer (to the customer).
 */
export function EstimateHeaderFacts({ estimate }: { estimate: RaRecord }) {
  const { data: site } = useGetOne(sites.name, { id: estimate.siteID }, { enabled: estimate.siteID != null });
  return (
    <HeaderFacts
      facts={[
        { label: fieldLabel(estimates, 'number'), value: estimateLabel(estimate.number, estimate.revision) },
        { label: 'Date', value: formatEstimateDate(estimate.createdAt) },
        {
          label: fieldLabel(estimates, 'siteID'),
          ownLine: true,
          value: site ? (
            <>
              <Link component={RouterLink} to={`/${sites.route}/${site.id}`}>
                {site.name}
              </Link>
              {site.address1 ? ', ' : ''}
              {site.address1 ? <MapLink address={site} /> : null}
            </>
          ) : null,
        },
        {
          label: fieldLabel(estimates, 'customerID'),
          value: <CustomerLink customerId={estimate.customerID} name={estimate.customerName} />,
        },
      ]}
    >
      {estimate.isArchived && <Chip label="Archived" size="small" />}
    </HeaderFacts>
  );
}
