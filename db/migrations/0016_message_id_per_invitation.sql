DROP INDEX `contributions_message_id_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `contributions_invitation_message_idx` ON `contributions` (`invitation_id`,`message_id`);--> statement-breakpoint
DROP INDEX `empty_replies_message_id_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `empty_replies_invitation_message_idx` ON `empty_replies` (`invitation_id`,`message_id`);