import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/shell.tsx', [index('routes/landing.tsx'), route('login', 'routes/login.tsx')]),
  route('api/*', 'routes/api.ts'),
] satisfies RouteConfig;
