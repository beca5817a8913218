import { useReducer } from 'react';
import { CodeStep } from './code-step';
import { ForgotPasswordForm } from './forgot-password-form';
import { INITIAL_LOGIN_STEP, loginStepReducer } from './login-flow';
import { SignInStep } from './sign-in-step';

/**
 * /login: sign in, the two-factor code step, and the forgot-password form. Which panel shows is local
 * state (login-flow.ts); once tokens are stored the route guard takes over and sends the user on.
 */
export function LoginPage() {
  const [step, dispatch] = useReducer(loginStepReducer, INITIAL_LOGIN_STEP);
  const backToSignIn = () => dispatch({ type: 'back-to-sign-in' });

  switch (step.step) {
    case 'code':
      return (
        <CodeStep email={step.email} otpToken={step.otpToken} method={step.method} onBack={backToSignIn} />
      );
    case 'forgot':
      return <ForgotPasswordForm onBack={backToSignIn} />;
    case 'credentials':
      return (
        <SignInStep
          onCodeRequired={(challenge) => dispatch({ type: 'code-required', ...challenge })}
          onForgotPassword={() => dispatch({ type: 'forgot-password' })}
        />
      );
  }
}

export default LoginPage;
