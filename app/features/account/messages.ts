import { PRODUCT_NAME } from "~/lib/messages";

export const messages = {
  validation: {
    email: "Please enter a valid email address",
    passwordRequired: "Password is required",
    passwordMin: "Password must be at least 8 characters",
    currentPasswordRequired: "Current password is required",
    confirmRequired: "Please confirm your password",
    passwordsDontMatch: "Passwords don't match",
    firstNameRequired: "First name is required",
    lastNameRequired: "Last name is required",
  },
  auth: {
    loginFailed: "Login failed",
    invalidCredentials: "Invalid email or password",
    welcomeBack: { title: "Welcome back!", description: "You have been successfully logged in." },
    welcome: { title: `Welcome to ${PRODUCT_NAME}!`, description: "You have been successfully logged in." },
    loggedOut: { title: "Logged out", description: "You have been successfully logged out." },
    logoutFailed: "Logout failed",
    signUpComingSoon: "Account creation will be available soon. Stay tuned!",
    registrationFailed: "Registration failed",
    unauthorized: "Unauthorized",
    tooManyRequests: "Too many requests. Please wait a minute and try again.",
    signInThrottled: (seconds: number) =>
      `Too many failed sign-in attempts for this email. Please try again in ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`}.`,
  },
  password: {
    hint: "Password must be at least 8 characters long",
    changeFailed: "Password Change Failed",
    changeFailedDefault: "Failed to change password",
    currentIncorrect: "Current password is incorrect",
    changed: {
      title: "Password Changed Successfully",
      description: "Your password has been updated. Use your new password next time you sign in.",
    },
  },
  reset: {
    failed: "Reset Failed",
    sendFailedDefault: "Failed to send reset email",
    resetFailedDefault: "Failed to reset password",
    emailSent: { title: "Reset Email Sent", description: "Check your email for a link to reset your password." },
    successful: { title: "Password Reset Successful", description: "You can now sign in with your new password." },
    invalidLink: {
      title: "Invalid Reset Link",
      description: "This password reset link is invalid or has expired.",
    },
    checkEmail: "Check Your Email",
    complete: "Password Reset Complete",
  },
  invite: {
    pageTitle: "Set Your Password",
    heading: "Set your password",
    intro: "Choose a password to finish setting up your account.",
    submit: "Set Password",
    submitting: "Setting password...",
    complete: "Password Set",
    completeText: "Your password is set. Sign in to get started.",
    successful: { title: "Password Set", description: "You can now sign in with your new password." },
    invalidLink: {
      title: "Invalid Invitation Link",
      description: "This invitation link is invalid or has expired. Request a password reset to set your password.",
    },
  },
  deleteAccount: {
    pageTitle: "Delete Account",
    heading: "Delete your account",
    intro: `This deletes your account and everything in it for good: every story collection, story, photo, recording, podcast, newsletter and contact. Private feeds and share links stop working at once. This cannot be undone.`,
    archiveFirst:
      "Before you go, download everything: a copy of your stories, photos, recordings and podcasts that opens in any browser.",
    archiveLink: "Download everything",
    confirmationLabel: "Type your email address to confirm",
    passwordLabel: "Your password",
    submit: "Delete my account",
    submitting: "Deleting...",
    failed: "Your account was not deleted",
    confirmationRequired: "Please type your email address",
    confirmationMismatch: "That is not the email address of this account",
    passwordIncorrect: "Password is incorrect",
    deleted: { title: "Account deleted", description: "Your account and everything in it have been deleted." },
    activity: ({
      collections,
      stories,
      podcasts,
      since,
    }: {
      collections: number;
      stories: number;
      podcasts: number;
      since: Date;
    }) =>
      `An account was deleted by its owner (joined ${since.toISOString().slice(0, 7)}; ${collections} collection${collections === 1 ? "" : "s"}, ${stories} stor${stories === 1 ? "y" : "ies"}, ${podcasts} podcast${podcasts === 1 ? "" : "s"})`,
  },
} as const;
