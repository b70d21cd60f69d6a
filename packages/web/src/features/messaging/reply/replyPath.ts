/**
 * The reply screen (spec §2 `replay/message/{id}`, its typo kept): a screen of its own, not a
 * resource's, written here once for the route table and the links to it.
 */
export const replyPath = 'replay/message/:id';
