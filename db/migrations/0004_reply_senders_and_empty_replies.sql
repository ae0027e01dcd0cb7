CREATE TABLE `empty_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`invitation_id` text,
	`contributor_email` text,
	`sent_from` text,
	`subject` text,
	`content` text DEFAULT '' NOT NULL,
	`message_id` text,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invitation_id`) REFERENCES `invitations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `empty_replies_message_id_unique` ON `empty_replies` (`message_id`);--> statement-breakpoint
CREATE INDEX `empty_replies_campaign_idx` ON `empty_replies` (`campaign_id`,`received_at`);--> statement-breakpoint
ALTER TABLE `contributions` ADD `sent_from` text;