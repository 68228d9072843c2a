/**
 * The signing form that closes a placement: the page for teacher, student
 * and supervisor, the card for the student page, the teacher's list of
 * forms that wait for someone, and the route pattern and addresses.
 */
export { SigningFormPage } from './components/SigningFormPage';
export { SigningFormCard } from './components/SigningFormCard';
export { SigningStatusList } from './components/SigningStatusList';
export { SIGNING_FORM_ROUTE, signingFormPath, type SigningRole } from './paths';
