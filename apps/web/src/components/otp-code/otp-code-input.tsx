import { TextInput, type TextInputProps } from '@mantine/core';
import { normaliseCode } from './otp-code';

interface OtpCodeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
}

/**
 * One plain field for a 6-digit code (e-mailed or from an authenticator app): pasting a whole code
 * works, browsers can offer an SMS/e-mail one-time code, and end-to-end tests can fill it in one go.
 * No maxLength: it would cut a pasted "123 456" before normaliseCode could drop the space.
 */
export function OtpCodeInput({ value, onChange, ...props }: OtpCodeInputProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      inputMode="numeric"
      {...props}
      value={value}
      onChange={(event) => onChange(normaliseCode(event.currentTarget.value))}
    />
  );
}
