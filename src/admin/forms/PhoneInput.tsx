import { TextInput, type TextInputProps } from 'react-admin';
import { formatPhone } from '../../domain/phone';

/**
 * Phone number typed as digits and kept formatted '(000) 000-0000' — the stored form too,
 * so lists, exports and printouts show it as entered (it fits the 14-character bound).
 */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      type="tel"
      format={(value: string | null | undefined) => formatPhone(value ?? '')}
      parse={(value: string) => formatPhone(value) || null}
      slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: '(000) 000-0000' } }}
      {...props}
    />
  );
}
