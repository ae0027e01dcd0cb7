ALTER TABLE `contacts` ADD `delivery_status` text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `delivery_problem` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `delivery_problem_at` integer;--> statement-breakpoint
ALTER TABLE `invitations` ADD `failure_reason` text;