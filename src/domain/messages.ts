/**
 * Every message a user can meet, in SPEC's own words (§4, §5, §8), including its spellings ('atleast').
 * Screens, schemas and server routes import these; none of them spells a message itself.
 */
export const MSG = {
  // §5 customer
  invalidRegistration: 'Invalid Registration Number',
  invalidVin: 'Invalid VIN',
  nameMin: 'Name should be atleast 1 character',
  nameMinServiceForm: 'Name should be at least 1 character',
  contactMin: 'Contact number should be atleast (10) digits. e.g {phone} or {phone}',
  invalidEmail: 'Please enter valid email address.',
  noteMax: 'Note should be at most 500 characters',
  lookupMin: 'Enter at least 3 characters',
  // §5 products
  titleMin: 'Title should be atleast 1 character',
  descriptionMin: 'Description should be atleast 1 character',
  priceMin: 'Price should be atleast 1 character',
  // §5 service request
  invalidMileage: 'Invalid Mileage',
  selectOneService: 'Select at least one(1) service',
  invalidDates: 'Invalid dates',
  invalidBookingDates: 'Invalid booking dates',
  // §5 estimate
  enterFirstName: 'Enter first name',
  enterLastName: 'Enter last name',
  selectAtLeastOneService: 'Select at least one service',
  // §5 invoice
  enterWorkHours: 'Enter work hours',
  enterRate: 'Enter rate/hour',
  zeroInvoice: 'Cannot save a zero invoice',
  addProductsFirst: 'Please add some products first.',
  onlyInStock: '{title} has only ({stock}) in stock',
  inventoryLow: 'Inventory low, cannot add this product',
  // §5 payments
  needValue: 'You need to have a value',
  invalidPayment: 'Invalid payment',
  invalidPoints: 'Invalid points.',
  notEnoughPoints: 'You dont have enough points.',
  // §5 other
  fileTooLarge: 'File size should be less than 10MB',
  writeSomething: 'You need to write something!',
  enterValidUsername: 'Enter valid username',
  selectStartDate: 'Select start date',
  selectEndDate: 'Select end date',
  reportRange: 'Do reports within 365 days',
  reportOrder: 'The start date must be on or before the end date.',
  clickDeleteToConfirm: 'Click delete to confirm.',
  // §4 states
  cannotUpdateFinal: 'Cannot update final requests',
  invoiceRequired: 'An invoice is required to complete job',
  customerBlocked: 'Customer is Blocked. Please contact Admin.',
  mustSaveFirst: 'Must save changes before you make a payment.',
  // §8 catalogue
  requestFailedProducts: 'Request failed - Products',
  requestFailedServices: 'Request failed - Services',
  restartApp: 'Please restart application.',
  restartAppNetwork: 'Please restart application. Network Error.',
  customerNotFoundUpper: 'Customer NOT FOUND.',
  customerNotFoundRetry: 'Customer not found, try again.',
  couldNotPay: 'Could not make payment, please Save and try again.',
  couldNotDiscount: 'Could not apply discount.',
  couldNotPoints: 'Could not apply points.',
  failedProcessRetry: 'Failed to apply process. Try again',
  failedProcess: 'Failed to apply process.',
  noRecordFound: 'No record found {id}',
  productsAdjusted: 'Please press "Save Changes", products total have been adjusted.',
  somethingWentWrong: 'Something went wrong {message}',
  requestTimeout: 'Request timeout.',
  networkError: 'Network Error',
  // §2 screens and confirmations
  fallbackError: 'Something went wrong:',
  confirmStatus: 'Update job {id} to {status}?',
  confirmAssign: 'Assign job {id} to {user}?',
  confirmCancel: 'Are you sure you want to cancel this job?',
  confirmRemoveTransaction: 'Are you sure you want to remove transaction?',
  configNotice: 'Please close and re-open application for changes to take effect',
  configNoneHint: 'Printed on every document. A dash (-) means none: nothing is printed for it.',
  configReceiptFormatHint: "80mm for the counter's thermal roll, or A4 for a page.",
  noInvoice: 'No invoice generated!',
  // server-side messages where SPEC is silent (docs/DECISIONS.md)
  loginFailed: 'Invalid username or password',
  loginRateLimited: 'Too many failed sign-ins. Try again in {wait}.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  discountOnce: 'A discount has already been applied to this invoice.',
  chooseDiscount: 'Select a discount.',
  supplierNameRequired: 'Business name is required',
  configDescriptionRequired: 'Description is required',
  configAmountNumber: 'Amount must be a number',
  // a setting of a few words (src/domain/configChoices.ts): refused, never read as the default
  configChoice: 'This setting takes only {choices}: choose one.',
  inventoryFieldRequired: '{field} is required',
  inventoryNumber: '{field} must be a number',
  invalidId: 'Invalid id',
  invoicePaidLocked: 'This invoice is paid in full and cannot be changed.',
  invoiceDeletePaid: 'Only invoices with an amount due can be deleted.',
  idempotencyMismatch: 'This request key was already used for a different request.',
  duplicateNumber: 'This number is already used by another record.',
  vinTaken: 'This VIN is already registered to {name}.',
  usernameTaken: 'That username is already taken.',
  usernameMax: 'Username should be at most 12 characters',
  passwordMax: 'Password should be at most 128 characters',
  passwordMin: 'Password should be at least 8 characters',
  passwordCommon: 'That password is one attackers try first. Choose a longer, less common one.',
  passwordHasUsername: 'The password cannot contain the username.',
  usernameInvisible: 'A username cannot contain invisible, control or special space characters.',
  noCustomerForPoints: 'This invoice has no customer whose points could be used.',
  pointsOverDue: '{points} points are worth {value}, more than the {due} due.',
  noDiscountApplied: 'No discount applied',
  invoiceNeedsJob: 'An invoice for service work needs its job. Open the job and choose Generate Invoice.',
  invoiceJobStatus: 'Invoices are raised for received or active jobs; job {job} is {status}.',
  selectTechnician: 'Select a technician.',
  /** a status change or a dashboard tile's jobs asked for a status that is none of the job statuses */
  selectStatus: 'Select a status',
  usernameLookalike: 'That username looks like {name}, who is already a member. Choose a name people can tell apart.',
  passwordRequired: 'Enter a password',
  permissionRange: 'Select a permission from 2 to 5',
  lastSuperAdmin: 'BayBook needs at least one Super Admin.',
  cannotRemoveSelf: 'You cannot remove yourself.',
  cannotLowerOwnPermission: 'You cannot lower your own permission.',
  configAmountRequired: 'Amount is required.',
  taxRateInvalid: 'The tax rate is a percent from 0 to 100 with at most 2 decimals (15 for 15%, 0 for no tax).',
  configTaxRateHint:
    'A percent (15 = 15%), 0 for no tax. Saved invoices and estimates keep the rate they were raised with.',
  configTaxInclusiveHint:
    'yes: prices already include the tax (it is shown as the part of the total that is tax); no: added on top.',
  imagesOnly: 'Only image files can be uploaded.',
  // photo uploads the server refuses (src/server/images.ts): why, and what to do instead
  photoNotRaster:
    'This file is not a photo BayBook can keep. Upload a JPEG, PNG, WebP, HEIC or AVIF picture: a camera photo or a screenshot.',
  photoNotForm: 'Send the photo as multipart form data (field myfile).',
  photoMissing: 'Choose a photo to upload.',
  photoDamaged: 'This photo is incomplete or damaged. Take or save it again, then upload it.',
  photoTooManyPixels: 'This picture is larger than {max} megapixels. Save it smaller, then upload it.',
  photoUnavailable: "This photo cannot be shown now. Connect to the shop's network, then try again.",
  itemReturnInvalid: 'Check an item, enter a quantity up to the quantity sold and write the reason.',
  // item return and invoice delete: what happened and what to do (docs/DECISIONS.md "Money")
  itemReturnLocked:
    '{invoice} is paid in full, so its items are locked. To take an item back, a Super Admin first removes the payment (or points) under Transactions; then return the item and take payment for the new total.',
  itemReturnNoSuchItem: '{invoice} has no such item to return ({id}). Check an item sold on this invoice.',
  itemReturnOnlyLeft: 'Only {left} × {title} can be returned ({sold} sold on {invoice}{returned}).',
  itemReturnAllReturned: 'Every {title} sold on {invoice} has been returned already.',
  itemReturnOverDue:
    'Returning these items takes {taken} off {invoice}, but only {due} is still due: the rest has been paid. A Super Admin first removes the payment (or points) under Transactions; then return the items and take payment for the new total.',
  invoiceBelowPaid: 'This change would bring the invoice below what has been paid ({paid}). Remove a payment first.',
  invoiceHasPayments: 'This invoice has payments: remove them under Transactions first.',
  invoiceChangedElsewhere: 'Invoice {invoice} was changed on another device. Reload it and make your change again.',
  storageDays: 'Enter the number of days in storage (1 to 3650).',
  estimateLineNotProduct:
    'An item on this estimate is not a product ({id}). Take it off the estimate and pick the product again.',
  estimateProductRemoved: '{title} has been removed from the inventory. Take it off the estimate before saving.',
  estimateNoProduct: 'There is no product {id} in the inventory. Take it off the estimate before saving.',
  // bounds on every input (src/domain/schemas/fields.ts, docs/ARCHITECTURE.md "Bounds"): what is wrong and the limit
  textMax: '{field} should be at most {max} characters',
  amountMax: '{field} should be at most {max}',
  numberRange: '{field} should be a whole number from {min} to {max}',
  qtyWhole: 'Quantity should be a whole number from 1 to {max}',
  receiveAmount: 'Enter the amount received.',
  stockMax: 'Receiving {amount} would bring {title} to {stock} in stock; BayBook keeps at most {max} of a product.',
  unstorable:
    '{field} contains a character that cannot be stored (a NUL or a broken Unicode character). Retype it and try again.',
  jsonTooDeep: 'The request is nested too deeply (more than {max} levels).',
  jsonInvalid: 'The request body is not valid JSON.',
  invalidField: 'Invalid value for {field}.',
  // the device: its storage, its session, its updates (docs/ARCHITECTURE.md "src/app — the shell")
  storageProtected: 'Storage protected',
  storageProtectedHint: "The browser keeps this device's data even when space runs short ({free} free).",
  storageNotProtected: 'Storage not protected',
  storageNotProtectedHint:
    "The browser may clear this device's data when space runs short: install BayBook on this device to protect it ({free} free).",
  storageNotice:
    "Storage not protected: when the device runs short of space the browser may delete BayBook's data on it, changes not yet on the server included.",
  storageRefused:
    'The browser did not protect it: install BayBook on this device (or add it to the home screen), then ask again.',
  // a figure the device has not finished counting: a first sync is still bringing its rows (issue 35)
  counting: 'Counting…',
  countingLabel: '{figure}: still counting, the first sync is bringing the rows',
  // a page opened at a plain http address other than this computer's own (issue 30)
  insecureOrigin:
    'This address will not work offline: the browser gives BayBook its offline worker and the camera only at a secure (https) address.',
  insecureOriginNoHttps:
    'This server has no https address of its own: ask whoever set BayBook up for the address to open (docs/DEPLOY.md).',
  storageLow: 'Device storage is nearly full: sync, then free space',
  storageNoRoomForPhoto:
    'This device has no room to keep this photo until it is sent ({free} free). Sync the waiting changes or free space on the device, then try again.',
  storageFull:
    'This device is out of storage, so this change was not saved. Sync the waiting changes or free space on the device, then try again.',
  heldOne: '1 change waits for {user} to sign in',
  heldMany: '{count} changes wait for {user} to sign in',
  updateReady: 'A new version of BayBook is ready.',
  updateWaitsForSync: 'Changes are being sent: Reload once they are on the server.',
  // refused changes (issue 14): what was refused, in a cashier's words, and what discarding it loses
  refusedPayment: '{method} payment of {amount} on {invoice}',
  refusedDiscount: 'Discount of {percent}% on {invoice}',
  refusedRedemption: 'Redemption of {points} points on {invoice}',
  refusedRemoval: 'Removal of receipt {number} ({amount} {method}) from {invoice}',
  refusedAdviceMoney:
    'Check {invoice} with the front desk before you decide: Retry sends it again once that is sorted out; Discard drops it for good.',
  refusedAdvice: 'Retry sends it again once the cause is sorted out; Discard drops it for good.',
  refusedReturn: 'Return of {count} item(s) on {invoice}',
  // why money was refused, from the server's facts: who settled the invoice, where and when (in the shop's time)
  refusedSettled: '{invoice} was paid in full{where} by {user} at {when} — your {what} was not recorded.',
  refusedSettledWhere: ' on device {device}',
  refusedOverDue: 'Only {due} is still due on {invoice} — your {what} was not recorded.',
  refusedAdvicePayment:
    'Refund the customer the {amount}, or record it against another invoice; then discard this with the reason.',
  discardConfirmTitle: 'Discard this change?',
  discardLossPayment:
    'This {amount} {method} payment will not be recorded anywhere. Keep the {money} aside and record it again on the right invoice, or give it back to the customer.',
  discardLossDiscount:
    'This {percent}% discount on {invoice} will not be recorded anywhere: the customer owes the full amount. Give it again if it is still meant.',
  discardLossRedemption:
    'These {points} points will not be taken off {invoice}: the customer keeps them and the amount stays due. Redeem them again if still meant.',
  discardLossRemoval:
    'Receipt {number} ({amount}) stays on {invoice}: it will not be removed. Remove it again if it still should be.',
  discardLossReturn:
    'The items stay sold on {invoice} and out of stock: if they were taken back, record the return again.',
  discardLossOther: 'This change will not be made anywhere: make it again if it is still needed.',
  discardTrace: 'The discard is kept on this device and written to the activity log.',
  discardedLog: 'discarded on a device after the server refused it: {message}',
  discardedLine: 'Discarded {when} by {user}',
  discardedLogged: 'In the activity log',
  discardedLogWaiting: 'Goes to the activity log at the next sync',
  discardedLogReason: 'discarded on a device after the server refused it: {message} — reason: {reason}',
  discardReasonLabel: 'Why is it discarded? (goes to the activity log)',
  discardReasonRequired: 'Say why it is discarded: the reason goes to the activity log.',
  refusedMoneyBanner: '{count} refused money entries wait for a decision: money may have been taken with no record.',
  refusedMoneyBannerOne: 'A refused money entry waits for a decision: money may have been taken with no record.',
  discardedLogLabel: 'Activity log: discarded "{what}"',
  // field conflicts (issue 14): two people changed the same thing; a person decides
  fieldConflicts: 'Saved, but {count} of these changes need a decision: someone changed the same field since.',
  needsDecision: 'Needs your decision',
  needsDecisionCount: '{count} need your decision',
  conflictChanged: 'Changed by {user} on {device}, {when}',
  conflictChangedUnknown: 'Changed on the server since you edited it',
  conflictDeleted: 'The record was deleted since you edited it.',
  conflictBlocked: 'The customer was blocked since you edited them.',
  conflictBlockedMine:
    'A blocked customer can still be edited: use mine saves your change and the customer stays blocked (only a level 5 user unblocks, and a blocked customer cannot be used in a service request).',
  conflictInvoicePaid: 'The invoice was paid in full since you saved it.',
  conflictInvoicePaidKeep:
    'A paid invoice takes no changes: keep theirs, or use mine once a payment on it has been removed and an amount is due again.',
  conflictJobClosed: 'The job was completed or canceled since you wrote this.',
  conflictJobReopen: 'A completed or canceled job takes no changes: keep theirs, or ask a level 5 user to reopen it.',
  conflictEmpty: '(empty)',
  keepTheirs: 'Keep theirs',
  useMine: 'Use mine',
  editAndSend: 'Edit and send',
  decidedLog: '{field} conflict decided on a device: {choice}',
  decidedKeepTheirs: 'kept "{theirs}", dropped "{mine}"',
  decidedSend: 'sent "{value}" over "{theirs}"',
  decidedLogLabel: 'Activity log: decided {field} of {record}',
  // what a catalogue write answers when it lands (src/domain/writes; the server's message and the device's the same)
  customerSaved: 'Customer saved',
  customerUpdated: 'Customer updated',
  customerNowBlocked: 'Customer blocked',
  customerNowUnblocked: 'Customer unblocked',
  memberAdded: 'Member added',
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  supplierAdded: 'Supplier added',
  supplierUpdated: 'Supplier updated',
  supplierDeleted: 'Supplier deleted',
  productAdded: 'Product added',
  productUpdated: 'Product updated',
  productDeleted: 'Product deleted',
  estimateSaved: 'Estimate saved',
  estimateNumberSaved: 'Estimate {number} saved',
  estimateDeleted: 'Estimate deleted',
  invoiceSaved: 'Invoice saved',
  transactionRemoved: 'Transaction removed',
  logAdded: 'Log added',
  logDeleted: 'Log deleted',
  // cash-up at closing (issue 18; beyond SPEC, so in BayBook's own words)
  cashupSaved: 'Cash-up saved',
  cashupCounted: 'Enter the cash counted in the drawer',
  cashupDay: 'Enter the day to cash up (YYYY-MM-DD)',
  cashupFuture: 'The day {day} has not begun yet: nothing to cash up',
  cashupTaken: 'The cash-up for {day} ({till}) was already made by {who} at {time}',
  // the technician time clock (issue 18; beyond SPEC)
  clockStarted: 'Clock started',
  clockPaused: 'Clock paused',
  clockStopped: 'Clock stopped',
  clockJob: 'Choose the job to clock',
  clockRunning: 'You are already clocked on job {number}: pause or stop it first',
  clockNotRunning: 'You are not clocked on job {number}',
  clockNotPaused: 'You have no paused clock on job {number}',
  clockJobClosed: 'Job {number} is {status}: its clock cannot start',
  // mending a clock left running (issue 18; beyond SPEC)
  clockMended: 'Clock mended: it stopped at the time you set',
  clockMendStop: 'Enter the time the clock really stopped',
  clockMendBeforeStart: 'The clock started at {started}: choose a stop time after that',
  clockMendFuture: 'That time has not come yet: choose a stop time in the past',
  clockMendNext: '{username} clocked on again at {next}: choose a stop time before that',
  clockListFilter: 'Choose a range of days (start and end) or a job to list its clock',
  // scan instead of typing (issue 18; beyond SPEC): what happened with the camera, and what to do
  scanNoCamera: 'This device has no camera BayBook can use. Type the code, or use a barcode scanner.',
  scanRefused:
    "The camera is not allowed for BayBook. Allow the camera in the browser's site settings and press Scan again, or type the code.",
  scanBusy: 'The camera is in use by another app. Close that app and press Scan again, or type the code.',
  scanFailed: 'The camera could not be started ({reason}). Press Scan again, or type the code.',
  scanInsecure: 'The camera works only over https or on this computer itself. Type the code, or use a barcode scanner.',
  scanNotVin: 'That barcode is not a VIN ({value}). Scan the VIN label, or type the VIN.',
  scanEmpty: 'That barcode holds no code. Scan it again, or type the code.',
  // refunds after payment (issue 18; beyond SPEC): what happened, and what to do
  refundDone: 'Refund of {amount} recorded on {invoice}: give the money back to the customer',
  refundNotPaid:
    '{invoice} is not paid in full: only a paid invoice is refunded. Take the rest of the payment first, or remove a payment under Transactions.',
  refundAmount: 'Enter the amount to refund, above $0.00',
  refundOverPaid: 'At most {left} can be refunded on {invoice} ({paid} paid, {refunded} already refunded).',
  refundReason: 'Write the reason for the refund',
  refundBelowReturned:
    'The items coming back are worth {worth}, so refund at least {least} on {invoice}, or bring back fewer items.',
  refundFinal: 'A refund stays on the invoice: it cannot be removed. Take a new payment instead if money came back.',
  refundKeepsPayment:
    'This payment has a refund against it on {invoice}: it cannot be removed. The refund already gave the money back.',
  // an invoice's line whose id is not a product id (src/server/invoices/ledger.ts priceLines; beyond SPEC)
  invoiceLineNotProduct: 'An item on this invoice is not a product.',
  // a sign-in the device could not keep (its local database refused the session twice; issue 35, beyond SPEC)
  signInNotKept: 'This device could not keep your sign-in ({reason}). Press Login again.',
  // the sync status of a device that has never finished a pull: nothing to claim about the server yet (issue 35)
  notSyncedYet: 'Not yet synced with the server',
} as const;

/** Fill `{name}` placeholders: fill(MSG.onlyInStock, { title: 'Oil filter', stock: 2 }). */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
