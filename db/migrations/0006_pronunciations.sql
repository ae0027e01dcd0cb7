CREATE TABLE `pronunciations` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`term` text NOT NULL,
	`term_key` text NOT NULL,
	`say_as` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pronunciations_owner_term_idx` ON `pronunciations` (`owner_id`,`term_key`);