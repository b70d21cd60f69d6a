import { screenUrl } from '../../components/resource.ts';

/** The spec §2 screens of groups and alerts (a category's are in its contracts descriptor). */
export const alertPaths = {
  category: (id: number) => screenUrl('Alerts/:id', id),
  addGroup: (categoryId: number) => screenUrl('Alerts/AddAlertGroup/:id', categoryId),
  editGroup: (id: number) => screenUrl('Alerts/EditAlertGroup/:id', id),
  viewGroup: (id: number) => screenUrl('Alerts/ViewAlertGroup/:id', id),
  addAlert: (groupId: number) => screenUrl('Alerts/AddAlert/:id', groupId),
  editAlert: (id: number) => screenUrl('Alerts/EditAlert/:id', id),
  viewAlert: (id: number) => screenUrl('Alerts/ViewAlert/:id', id),
};
