import Button, { type ButtonProps } from '@mui/material/Button';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'loading'> & { pending: boolean };

/** The primary button of a form: large, full width, showing progress while the request runs. */
export function SubmitButton({ pending, sx, ...rest }: SubmitButtonProps) {
  return <Button type="submit" variant="contained" size="large" fullWidth loading={pending} sx={{ mt: 2, mb: 2, ...sx }} {...rest} />;
}
