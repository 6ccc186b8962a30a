import ClerkAPI
import Foundation

/// Most of the store's operations, by aggregate: each hands the instance's state to the rules of its
/// aggregate (`subscript(rules:)`) and answers what they answer, choosing the aggregate first where the
/// input does not say it (an email link's token). Those of identity tokens, OAuth, passkeys, invitations,
/// re-verification and external accounts are in the `FrontendStore+…` file of each. Routes call them
/// inside `perform`, so a change and its commit are one call.
extension FrontendStore {
    // MARK: Sign-in tokens

    package func signInWithTicket(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].signInWithTicket(meta, input)
    }

    package func backendCreateSignInToken(_ input: BackendCreateSignInToken) throws(FrontendError) -> IssuedSignInToken {
        try self[rules: BackendAPIRules.self].createSignInToken(input)
    }

    package func backendRevokeSignInToken(id: String) throws(FrontendError) -> IssuedSignInToken {
        try self[rules: BackendAPIRules.self].revokeSignInToken(id: id)
    }

    // MARK: Email links

    /// `GET /v1/verify`: opens the email link whose token this is, from the client `meta` names
    /// (none when a browser opens it); nil when the token opens no current verification.
    package func openEmailLink(_ meta: RequestMeta, token: String) -> LinkOpening? {
        switch self[rules: SignInRules.self].linkTarget(token: token) {
        case .signIn(let id, let stage)?: self[rules: SignInRules.self].openLink(meta, signInID: id, stage: stage)
        case .signUp(let id)?: self[rules: SignUpRules.self].openLink(meta, signUpID: id)
        case nil: nil
        }
    }

    // MARK: SignInRules

    package func createSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].createSignIn(meta, input)
    }

    package func planPasswordSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> PasswordPlan {
        try self[rules: SignInRules.self].planPasswordSignIn(meta, input)
    }

    package func completePasswordSignIn(_ meta: RequestMeta, _ input: SignInStart, plan: PasswordPlan, check: PasswordCheck) throws(FrontendError)
        -> StoreAnswer<
            SignInRecord
        >
    {
        try self[rules: SignInRules.self].completePasswordSignIn(meta, input, plan: plan, check: check)
    }

    package func readSignIn(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].readSignIn(meta, id: id)
    }

    package func prepareFirstFactor(_ meta: RequestMeta, id: String, _ input: FactorPreparation) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].prepareFirstFactor(meta, id: id, input)
    }

    package func attemptFirstFactorCode(_ meta: RequestMeta, id: String, _ input: FirstFactorAttempt) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].attemptFirstFactorCode(meta, id: id, input)
    }

    package func planFirstFactorPassword(_ meta: RequestMeta, id: String, _ input: FirstFactorAttempt) throws(FrontendError) -> PasswordPlan {
        try self[rules: SignInRules.self].planFirstFactorPassword(meta, id: id, input)
    }

    package func completeFirstFactorPassword(_ meta: RequestMeta, id: String, plan: PasswordPlan, check: PasswordCheck) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try self[rules: SignInRules.self].completeFirstFactorPassword(meta, id: id, plan: plan, check: check)
    }

    package func prepareSecondFactor(_ meta: RequestMeta, id: String, _ input: FactorPreparation) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].prepareSecondFactor(meta, id: id, input)
    }

    package func attemptSecondFactor(_ meta: RequestMeta, id: String, _ input: SecondFactorAttempt) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].attemptSecondFactor(meta, id: id, input)
    }

    package func planPasswordReset(_ meta: RequestMeta, id: String) throws(FrontendError) -> [String] {
        try self[rules: SignInRules.self].planPasswordReset(meta, id: id)
    }

    package func completePasswordReset(_ meta: RequestMeta, id: String, passwordHash: String, signOutOfOtherSessions: Bool) throws(FrontendError)
        -> StoreAnswer<
            SignInRecord
        >
    {
        try self[rules: SignInRules.self].completePasswordReset(meta, id: id, passwordHash: passwordHash, signOutOfOtherSessions: signOutOfOtherSessions)
    }

    // MARK: SignUpRules

    package func checkSignUp(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, signUpID: String?) throws(FrontendError) -> [String] {
        try self[rules: SignUpRules.self].checkSignUp(meta, input, transfer: transfer, signUpID: signUpID)
    }

    package func createSignUp(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, passwordHash: String?) throws(FrontendError) -> StoreAnswer<
        SignUpRecord
    > {
        try self[rules: SignUpRules.self].createSignUp(meta, input, transfer: transfer, passwordHash: passwordHash)
    }

    package func updateSignUp(_ meta: RequestMeta, id: String, _ input: SignUpInput, passwordHash: String?) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].updateSignUp(meta, id: id, input, passwordHash: passwordHash)
    }

    package func readSignUp(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].readSignUp(meta, id: id)
    }

    package func prepareSignUpVerification(_ meta: RequestMeta, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].prepareSignUpVerification(meta, id: id, input)
    }

    package func attemptSignUpVerification(_ meta: RequestMeta, id: String, _ input: VerificationAttempt) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].attemptSignUpVerification(meta, id: id, input)
    }

    // MARK: AccountRules

    package func readAccount(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<UserRecord> {
        try self[rules: AccountRules.self].readAccount(meta, sessionID: sessionID)
    }

    package func updateAccount(_ meta: RequestMeta, sessionID: String?, _ input: AccountChange) throws(FrontendError) -> StoreAnswer<UserRecord> {
        try self[rules: AccountRules.self].updateAccount(meta, sessionID: sessionID, input)
    }

    package func listEmailAddresses(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [EmailRecord] {
        try self[rules: AccountRules.self].listEmailAddresses(meta, sessionID: sessionID)
    }

    package func readEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].readEmailAddress(meta, sessionID: sessionID, id: id)
    }

    package func addEmailAddress(_ meta: RequestMeta, sessionID: String?, address raw: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].addEmailAddress(meta, sessionID: sessionID, address: raw)
    }

    package func prepareEmailVerification(_ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<
        EmailRecord
    > {
        try self[rules: AccountRules.self].prepareEmailVerification(meta, sessionID: sessionID, id: id, input)
    }

    package func attemptEmailVerification(_ meta: RequestMeta, sessionID: String?, id: String, code: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].attemptEmailVerification(meta, sessionID: sessionID, id: id, code: code)
    }

    package func deleteEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteEmailAddress(meta, sessionID: sessionID, id: id)
    }

    package func listPhoneNumbers(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [PhoneRecord] {
        try self[rules: AccountRules.self].listPhoneNumbers(meta, sessionID: sessionID)
    }

    package func readPhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].readPhoneNumber(meta, sessionID: sessionID, id: id)
    }

    package func addPhoneNumber(_ meta: RequestMeta, sessionID: String?, _ input: NewPhoneNumber) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].addPhoneNumber(meta, sessionID: sessionID, input)
    }

    package func preparePhoneVerification(_ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<
        AccountPhone
    > {
        try self[rules: AccountRules.self].preparePhoneVerification(meta, sessionID: sessionID, id: id, input)
    }

    package func attemptPhoneVerification(_ meta: RequestMeta, sessionID: String?, id: String, code: String) throws(FrontendError) -> StoreAnswer<AccountPhone>
    {
        try self[rules: AccountRules.self].attemptPhoneVerification(meta, sessionID: sessionID, id: id, code: code)
    }

    package func updatePhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String, _ input: PhoneNumberChange) throws(FrontendError) -> StoreAnswer<
        AccountPhone
    > {
        try self[rules: AccountRules.self].updatePhoneNumber(meta, sessionID: sessionID, id: id, input)
    }

    package func deletePhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deletePhoneNumber(meta, sessionID: sessionID, id: id)
    }

    package func planPasswordChange(_ meta: RequestMeta, sessionID: String?, _ input: PasswordChange) throws(FrontendError) -> PasswordChangePlan {
        try self[rules: AccountRules.self].planPasswordChange(meta, sessionID: sessionID, input)
    }

    package func completePasswordChange(_ meta: RequestMeta, sessionID: String?, plan: PasswordChangePlan, newHash: String, signOutOfOtherSessions: Bool)
        throws(FrontendError) -> StoreAnswer<UserRecord>
    {
        try self[rules: AccountRules.self].completePasswordChange(
            meta, sessionID: sessionID, plan: plan, newHash: newHash, signOutOfOtherSessions: signOutOfOtherSessions)
    }

    package func failedCurrentPassword(userID: String) -> FrontendError {
        self[rules: AccountRules.self].failedCurrentPassword(userID: userID)
    }

    package func createTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        try self[rules: AccountRules.self].createTOTP(meta, sessionID: sessionID)
    }

    package func verifyTOTP(_ meta: RequestMeta, sessionID: String?, code: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        try self[rules: AccountRules.self].verifyTOTP(meta, sessionID: sessionID, code: code)
    }

    package func deleteTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteTOTP(meta, sessionID: sessionID)
    }

    package func createBackupCodes(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<IssuedBackupCodes> {
        try self[rules: AccountRules.self].createBackupCodes(meta, sessionID: sessionID)
    }

    // MARK: SessionRules

    package func readClient(_ meta: RequestMeta) -> ClientSnapshot? {
        self[rules: SessionRules.self].readClient(meta)
    }

    package func createClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].createClient(meta)
    }

    package func signOutClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].signOutClient(meta)
    }

    package func touchSession(_ meta: RequestMeta, id: String, _ input: SessionTouch) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].touchSession(meta, id: id, input)
    }

    package func grantToken(_ meta: RequestMeta, sessionID: String, _ input: TokenRequest, admitted: Bool = false) throws(FrontendError) -> TokenGrant {
        try self[rules: SessionRules.self].grantToken(meta, sessionID: sessionID, input, admitted: admitted)
    }

    package func finishSession(_ meta: RequestMeta, id: String, status: SessionStatus) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].finishSession(meta, id: id, status: status)
    }

    package func readSession(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].readSession(meta, id: id)
    }

    package func removeClientSessions(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].removeClientSessions(meta)
    }

    package func grantTemplateToken(_ meta: RequestMeta, sessionID: String, templateName: String) throws(FrontendError) -> (TokenGrant, JWTTemplate) {
        try self[rules: SessionRules.self].grantTemplateToken(meta, sessionID: sessionID, templateName: templateName)
    }

    package func activeSessions(_ meta: RequestMeta, actingSessionID: String?) throws(FrontendError) -> [SessionRecord] {
        try self[rules: SessionRules.self].activeSessions(meta, actingSessionID: actingSessionID)
    }

    package func revokeUserSession(_ meta: RequestMeta, id: String, actingSessionID: String?) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].revokeUserSession(meta, id: id, actingSessionID: actingSessionID)
    }

    package func revokeSession(id: String) throws(FrontendError) -> AdminSession {
        try self[rules: SessionRules.self].revokeSession(id: id)
    }

    package func listSessions() -> [AdminSession] {
        self[rules: SessionRules.self].listSessions()
    }

    // MARK: BackendAPIRules

    package func backendView(_ user: UserRecord) -> BackendUserView {
        self[rules: BackendAPIRules.self].backendView(user)
    }

    package func backendUser(id: String) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendUser(id: id)
    }

    package func backendUsers(_ query: BackendUserQuery) -> [BackendUserView] {
        self[rules: BackendAPIRules.self].backendUsers(query)
    }

    package func backendUserCount(_ query: BackendUserQuery) -> Int {
        self[rules: BackendAPIRules.self].backendUserCount(query)
    }

    package func backendUpdateUser(id: String, _ input: BackendUpdateUser, passwordHash: String?) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendUpdateUser(id: id, input, passwordHash: passwordHash)
    }

    package func backendDeleteUser(id: String) throws(FrontendError) {
        try self[rules: BackendAPIRules.self].backendDeleteUser(id: id)
    }

    package func backendSetLocked(id: String, _ locked: Bool) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendSetLocked(id: id, locked)
    }

    package func backendSetPasswordCompromised(id: String, _ compromised: Bool) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendSetPasswordCompromised(id: id, compromised)
    }

    package func backendSessions(userID: String?, clientID: String?, status: SessionStatus?) -> [SessionRecord] {
        self[rules: BackendAPIRules.self].backendSessions(userID: userID, clientID: clientID, status: status)
    }

    package func backendRevokeSession(id: String) throws(FrontendError) -> SessionRecord {
        try self[rules: BackendAPIRules.self].backendRevokeSession(id: id)
    }

    // MARK: UserAdministration

    package func flagPasswordCompromised(userID: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].flagPasswordCompromised(userID: userID)
    }

    package func listUsers() -> [SeededUser] {
        self[rules: UserAdministration.self].listUsers()
    }

    package func dashboardUsers(matching query: String?) -> [DashboardUser] {
        self[rules: UserAdministration.self].dashboardUsers(matching: query)
    }

    package func deleteUser(dashboardID id: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].deleteUser(dashboardID: id)
    }

    package func setLocked(_ locked: Bool, dashboardUserID id: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].setLocked(locked, dashboardUserID: id)
    }

    package func createUser(_ newUser: NewUser) throws(NewUserRefusal) -> CreatedUser {
        try self[rules: UserAdministration.self].createUser(newUser)
    }

    package func exportUsers() -> UserExportDocument {
        self[rules: UserAdministration.self].exportUsers()
    }

    package func importUsers(_ document: UserExportDocument) throws(UserImportError) -> Int {
        try self[rules: UserAdministration.self].importUsers(document)
    }
}
