export { SearchByConditionScreen } from './components/search-by-condition-screen';
export { SearchScreen } from './components/search-screen';
