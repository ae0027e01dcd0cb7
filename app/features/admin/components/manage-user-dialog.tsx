import { getFormProps, getInputProps, parse, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { Field, inputClass } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import {
  podcastLimitFor,
  SUBSCRIPTION_STATUSES,
  TRIAL_EXTENSION_DAYS,
  USER_ROLES,
} from "~/features/account/subscription-rules";
import { customLimitErrors } from "~/features/admin/custom-limit";
import type { AdminUserRow } from "~/features/admin/user-view";
import type { FormConstraint } from "~/lib/zod-constraint";

import { TrialBadge } from "./trial-badge";

export type ManageIntent = "update-role" | "update-subscription" | "extend-trial" | "set-limit";

function usePending(intent: ManageIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function ManageForm({ intent, userId, children }: { intent: ManageIntent; userId: string; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset className="space-y-2 border-t border-border pt-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      {children}
    </Form>
  );
}

const STATUS_RULE = SUBSCRIPTION_STATUSES.map((status) => `${podcastLimitFor(status)} ${status}`).join(", ");

function CustomLimitForm({ user, constraint }: { user: AdminUserRow; constraint: FormConstraint }) {
  const pending = usePending("set-limit");
  const [form, fields] = useForm<{ podcastLimit: string }>({
    id: `custom-limit-${user.id}`,
    constraint,
    // Without Zod: customLimitErrors gives CustomLimitSchema's messages.
    onValidate: ({ formData }) =>
      parse<{ podcastLimit: string }, string[]>(formData, {
        resolve: (value) => {
          const errors = customLimitErrors(value.podcastLimit);
          return errors ? { error: { podcastLimit: errors } } : { value: { podcastLimit: String(value.podcastLimit) } };
        },
      }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset className="space-y-2 border-t border-border pt-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="set-limit" />
      <input type="hidden" name="userId" value={user.id} />
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label="Custom podcast limit"
          hint="Press Enter to apply; the limit must be greater than 0."
          inputProps={{
            ...getInputProps(fields.podcastLimit, { type: "number" }),
            placeholder: String(user.podcastLimit),
          }}
          errors={fields.podcastLimit.errors}
        />
        <Button type="submit" variant="outline" className="mb-7" disabled={pending}>
          {pending ? "Saving..." : "Apply"}
        </Button>
      </div>
    </Form>
  );
}

export function ManageUserDialog({
  user,
  isSelf,
  closeTo,
  limitConstraint,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  closeTo: string;
  limitConstraint: FormConstraint;
}) {
  const rolePending = usePending("update-role");
  const subscriptionPending = usePending("update-subscription");
  const trialPending = usePending("extend-trial");
  return (
    <Dialog title={`Manage ${user.name}`} closeTo={closeTo}>
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd>
          <Badge variant="outline">{user.role}</Badge>
        </dd>
        <dt className="text-muted-foreground">Subscription</dt>
        <dd>
          <Badge variant="secondary">{user.subscriptionStatus}</Badge>
        </dd>
        <dt className="text-muted-foreground">Podcast limit</dt>
        <dd data-testid="podcast-limit" className="tabular-nums">
          {user.podcastLimit}
        </dd>
        <dt className="text-muted-foreground">Podcasts generated</dt>
        <dd className="tabular-nums">{user.podcastsGenerated}</dd>
        <dt className="text-muted-foreground">Trial</dt>
        <dd data-testid="trial-badge">
          <TrialBadge trial={user.trial} />
        </dd>
        <dt className="text-muted-foreground">Last login</dt>
        <dd>{user.lastLogin}</dd>
        <dt className="text-muted-foreground">Joined</dt>
        <dd>{user.joined}</dd>
      </dl>

      <div className="space-y-4">
        <ManageForm key={`role-${user.role}`} intent="update-role" userId={user.id}>
          <label htmlFor="manage-role" className="block text-sm font-medium">
            Role
          </label>
          <div className="flex gap-2">
            <select id="manage-role" name="role" defaultValue={user.role} className={inputClass} disabled={isSelf}>
              {USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            <Button type="submit" variant="outline" disabled={isSelf || rolePending}>
              {rolePending ? "Saving..." : "Update Role"}
            </Button>
          </div>
          {isSelf ? <p className="text-sm text-muted-foreground">You cannot change your own role.</p> : null}
        </ManageForm>

        <ManageForm key={`status-${user.subscriptionStatus}`} intent="update-subscription" userId={user.id}>
          <label htmlFor="manage-status" className="block text-sm font-medium">
            Subscription status
          </label>
          <div className="flex gap-2">
            <select id="manage-status" name="status" defaultValue={user.subscriptionStatus} className={inputClass}>
              {SUBSCRIPTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
            <Button type="submit" variant="outline" disabled={subscriptionPending}>
              {subscriptionPending ? "Saving..." : "Update Subscription"}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Changing it sets the podcast limit: {STATUS_RULE}.</p>
        </ManageForm>

        <ManageForm intent="extend-trial" userId={user.id}>
          <p className="text-sm font-medium">Extend trial</p>
          <div className="flex flex-wrap gap-2">
            {TRIAL_EXTENSION_DAYS.map((days) => (
              <Button
                key={days}
                type="submit"
                name="days"
                value={days}
                variant="outline"
                size="sm"
                disabled={trialPending}
              >
                +{days} days
              </Button>
            ))}
          </div>
        </ManageForm>

        <CustomLimitForm key={`limit-${user.podcastLimit}`} user={user} constraint={limitConstraint} />
      </div>
    </Dialog>
  );
}
