import { TAX_CODES, taxRateLabel } from '../../../domain/taxes';

/** The tax select of the work area editor and the template generator: 'NJ (6.625%)'… */
export const TAX_CHOICES = TAX_CODES.map((code) => ({ id: code, name: taxRateLabel(code) }));
