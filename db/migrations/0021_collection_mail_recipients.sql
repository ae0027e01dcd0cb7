CREATE TABLE `collection_mail_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`email` text NOT NULL,
	`token` text NOT NULL,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_mail_recipients_token_unique` ON `collection_mail_recipients` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `collection_mail_recipients_campaign_email_idx` ON `collection_mail_recipients` (`campaign_id`,`email`);