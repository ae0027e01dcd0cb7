ALTER TABLE `email_outbox` ADD `retry_at` integer;--> statement-breakpoint
-- Rows a retry run would still have tried (fewer than five attempts) keep being tried, now by backoff.
UPDATE `email_outbox` SET `status` = 'retrying' WHERE `status` = 'failed' AND `attempts` < 5;
