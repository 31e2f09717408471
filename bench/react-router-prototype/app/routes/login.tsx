import { LoginPage } from '../../../../apps/web/src/routes/public/login-page';

export default function Login() {
  return <LoginPage />;
}
