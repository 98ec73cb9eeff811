export { NotificationsPanel, type NotificationLinkBuilder } from './components/notifications-panel';
export type { NotificationItem } from './api/get-notifications';
