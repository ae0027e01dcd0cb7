CREATE TABLE `contribution_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`contribution_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`contribution_id`) REFERENCES `contributions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contribution_documents_contribution_idx` ON `contribution_documents` (`contribution_id`);--> statement-breakpoint
ALTER TABLE `contributions` ADD `forwarded` text;--> statement-breakpoint
ALTER TABLE `contributions` ADD `refused_attachments` text;--> statement-breakpoint
ALTER TABLE `empty_replies` ADD `refused_attachments` text;