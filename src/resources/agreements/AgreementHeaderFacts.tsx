import { Chip, Link } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { agreements, estimates } from '../../schema';
import { AGREEMENT_STATUS_LABELS } from '../../schema/agreements';
import { choiceLabel } from '../../domain/choiceLabels';
import { formatMoney } from '../../domain/money';
import { HeaderFacts } from '../../admin/detail/HeaderFacts';
import { fieldLabel } from '../../admin/forms/FieldInput';
import { CustomerLink } from '../customers/CustomerLink';

/** Under the agreement's title: its customer, the signed estimate and revision, its term and value. */
export function AgreementHeaderFacts({ agreement }: { agreement: RaRecord }) {
  return (
    <HeaderFacts
      facts={[
        {
          label: fieldLabel(agreements, 'customerID'),
          value: <CustomerLink customerId={agreement.customerID} name={agreement.customerName} />,
        },
        {
          label: 'Signed',
          value: (
            <Link component={RouterLink} to={`/${estimates.route}/${agreement.estimateID}`}>
              Estimate revision {agreement.revision}
              {agreement.signedOn ? `, ${agreement.signedOn}` : ''}
            </Link>
          ),
        },
        { label: 'Term', value: `${agreement.startDate} – ${agreement.endDate}` },
        { label: fieldLabel(agreements, 'contractValue'), value: formatMoney(Number(agreement.contractValue)) },
      ]}
    >
      <Chip
        size="small"
        label={choiceLabel(AGREEMENT_STATUS_LABELS, agreement.status)}
        color={agreement.status === 'active' ? 'success' : 'default'}
      />
      {agreement.cancelledOn && <Chip size="small" label={`Cancelled ${agreement.cancelledOn}`} />}
    </HeaderFacts>
  );
}
