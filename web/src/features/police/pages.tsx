// The police area's own page, a chunk of its own; app/router.tsx gives it the branches' panels.
export { PoliceDashboardPage } from './PoliceDashboardPage';
