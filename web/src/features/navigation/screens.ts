/** Route screens of the navigation feature, loaded on demand by the route table. */
export { NavEditScreen } from './NavEditScreen.tsx';
