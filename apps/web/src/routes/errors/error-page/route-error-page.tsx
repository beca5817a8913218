import { useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

/** The router's errorElement: reads the error the router caught (apart, so main.tsx stays router-free). */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}

export default RouteErrorPage;
