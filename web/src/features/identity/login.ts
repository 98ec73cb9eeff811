/** The login screen alone: the first route of most visits loads nothing else of `./screens`. */
export { LoginScreen } from './components/login-screen';
