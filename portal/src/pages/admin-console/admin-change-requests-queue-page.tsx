/** Issue 20 point 4, /_admin/change_requests: the admin's queue (change-requests/admin-change-requests-queue.tsx). */
export { AdminChangeRequestsQueue as ChangeRequestsQueuePage } from '../change-requests/admin-change-requests-queue';
