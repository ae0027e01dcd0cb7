export const adminUserMessages = {
  accessRequired: "Admin Access Required",
  toast: {
    roleUpdated: "User role updated successfully",
    subscriptionUpdated: "User subscription updated successfully",
    trialExtended: "Trial extended successfully",
    userCreated: "User created successfully. Invitation email sent.",
    // Without the invitation the second sentence would not be true.
    userCreatedNoInvite: "User created successfully.",
    roleFailed: "Failed to update user role",
    subscriptionFailed: "Failed to update subscription",
    trialFailed: "Failed to extend trial",
    createFailed: "Failed to create user",
  },
  error: {
    userNotFound: "User not found",
    emailTaken: "A user with this email already exists",
    ownRole: "You cannot change your own role",
    customLimitPositive: "Enter a podcast limit greater than 0",
    limitMin: "Podcast limit must be 0 or more",
    limitWhole: "Podcast limit must be a whole number",
    firstNameRequired: "First name is required",
    emailInvalid: "Please enter a valid email address",
    roleInvalid: "Choose a role: trial, user or admin",
    statusInvalid: "Choose a status: trial, active, inactive or canceled",
    daysInvalid: "Extend the trial by 7, 30 or 90 days",
  },
  signIn: {
    notAdminTitle: "Admin Access Required",
    notAdmin: (email: string) =>
      `Your account (${email}) is not an administrator. Ask an administrator to give it the admin role, or sign in with another account.`,
    unverified: (email: string) =>
      `Your identity provider has not verified the e-mail address ${email}, so it cannot be used for the admin area.`,
    failedTitle: "Admin sign-in failed",
    failed: "The sign-in with your identity provider could not be completed. Please try again.",
    providerUnavailable: "The identity provider did not answer as expected. Please try again in a moment.",
    noEmail: "Your identity provider did not share an e-mail address, so your account could not be found.",
    notConfigured: "Administrator sign-in is not configured on this server.",
    welcome: { title: "Welcome back!", description: "You are signed in as an administrator." },
    signedOut: { title: "Logged out", description: "You have been signed out of the admin area." },
    // Spec part 3 §8: the toast when the admin session has ended, then /api/login after 500 ms.
    sessionEnded: "Unauthorized – You are logged out. Logging in again...",
    signInAgain: "Log in again",
  },
} as const;
