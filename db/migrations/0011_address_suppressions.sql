CREATE TABLE `suppressed_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `suppressed_addresses_email_idx` ON `suppressed_addresses` (`email`,`owner_id`);