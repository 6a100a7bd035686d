/** Issue 20 point 4, /org/{identifier}/change_requests: the manager's page (manager-change-requests.tsx). */
export { ManagerChangeRequests as OrganizationChangeRequestsPage } from './manager-change-requests';
