/** Every URL of the app (spec 01 §2). Components build links only from here. */
export const paths = {
  home: '/',
  mobileNotifications: '/mobilenotifications',
  trialRequestsMobile: '/trialrequestsmobile',
  details: (id: string) => `/details/${encodeURIComponent(id)}`,
  detailsPattern: '/details/:id',
  detailsOncobitPattern: '/details/oncobit/:id',
  detailsClinops: (trialId: string) => `/details/clinops/${encodeURIComponent(trialId)}`,
  detailsClinopsPattern: '/details/clinops/:trialId',
  questionnaire: '/questionnaire',
  search: '/search',
  searchByCondition: '/searchbycondition',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  cookie: '/cookie',
  terms: '/terms',
  impressum: '/impressum',
  dashboard: '/dashboard',
  dashboardProfile: '/dashboard/profile',
  clinopsDashboard: '/clinops/dashboard',
  login: '/login',
  confirm: '/confirm',
  register: '/register',
  registerWithEmailPattern: '/register/:email',
  partner: (urlParam: string) => `/partner=${urlParam}`,
} as const;

/** `/partner={urlParam}`: where the app goes after login (spec 01 §2 Login). */
export const PARTNER_PATH = /^\/partner=([a-z0-9_-]{1,64})\/?$/i;
