import ClerkAPI
import Foundation

/// The store's operations, one line each: each runs the rules of its aggregate over the instance's
/// state (`subscript(rules:)`). Routes call them inside `perform`, so a change and its commit are
/// one call.
extension FrontendStore {
    // MARK: SignInRules

    func createSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].createSignIn(meta, input)
    }

    func planPasswordSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> PasswordPlan {
        try self[rules: SignInRules.self].planPasswordSignIn(meta, input)
    }

    func completePasswordSignIn(_ meta: RequestMeta, _ input: SignInStart, plan: PasswordPlan, check: PasswordCheck) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try self[rules: SignInRules.self].completePasswordSignIn(meta, input, plan: plan, check: check)
    }

    func readSignIn(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].readSignIn(meta, id: id)
    }

    func prepareFirstFactor(_ meta: RequestMeta, id: String, _ input: FactorPreparation) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].prepareFirstFactor(meta, id: id, input)
    }

    func attemptFirstFactorCode(_ meta: RequestMeta, id: String, _ input: FirstFactorAttempt) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].attemptFirstFactorCode(meta, id: id, input)
    }

    func planFirstFactorPassword(_ meta: RequestMeta, id: String, _ input: FirstFactorAttempt) throws(FrontendError) -> PasswordPlan {
        try self[rules: SignInRules.self].planFirstFactorPassword(meta, id: id, input)
    }

    func completeFirstFactorPassword(_ meta: RequestMeta, id: String, plan: PasswordPlan, check: PasswordCheck) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try self[rules: SignInRules.self].completeFirstFactorPassword(meta, id: id, plan: plan, check: check)
    }

    func prepareSecondFactor(_ meta: RequestMeta, id: String, _ input: FactorPreparation) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].prepareSecondFactor(meta, id: id, input)
    }

    func attemptSecondFactor(_ meta: RequestMeta, id: String, _ input: SecondFactorAttempt) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].attemptSecondFactor(meta, id: id, input)
    }

    func planPasswordReset(_ meta: RequestMeta, id: String) throws(FrontendError) -> [String] {
        try self[rules: SignInRules.self].planPasswordReset(meta, id: id)
    }

    func completePasswordReset(_ meta: RequestMeta, id: String, passwordHash: String, signOutOfOtherSessions: Bool) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try self[rules: SignInRules.self].completePasswordReset(meta, id: id, passwordHash: passwordHash, signOutOfOtherSessions: signOutOfOtherSessions)
    }

    // MARK: SignUpRules

    func checkSignUp(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, signUpID: String?) throws(FrontendError) -> [String] {
        try self[rules: SignUpRules.self].checkSignUp(meta, input, transfer: transfer, signUpID: signUpID)
    }

    func createSignUp(_ meta: RequestMeta, _ input: SignUpInput, transfer: Bool, passwordHash: String?) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].createSignUp(meta, input, transfer: transfer, passwordHash: passwordHash)
    }

    func updateSignUp(_ meta: RequestMeta, id: String, _ input: SignUpInput, passwordHash: String?) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].updateSignUp(meta, id: id, input, passwordHash: passwordHash)
    }

    func readSignUp(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].readSignUp(meta, id: id)
    }

    func prepareSignUpVerification(_ meta: RequestMeta, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].prepareSignUpVerification(meta, id: id, input)
    }

    func attemptSignUpVerification(_ meta: RequestMeta, id: String, _ input: VerificationAttempt) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].attemptSignUpVerification(meta, id: id, input)
    }

    // MARK: AccountRules

    func readAccount(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<UserRecord> {
        try self[rules: AccountRules.self].readAccount(meta, sessionID: sessionID)
    }

    func updateAccount(_ meta: RequestMeta, sessionID: String?, _ input: AccountChange) throws(FrontendError) -> StoreAnswer<UserRecord> {
        try self[rules: AccountRules.self].updateAccount(meta, sessionID: sessionID, input)
    }

    func listEmailAddresses(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [EmailRecord] {
        try self[rules: AccountRules.self].listEmailAddresses(meta, sessionID: sessionID)
    }

    func readEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].readEmailAddress(meta, sessionID: sessionID, id: id)
    }

    func addEmailAddress(_ meta: RequestMeta, sessionID: String?, address raw: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].addEmailAddress(meta, sessionID: sessionID, address: raw)
    }

    func prepareEmailVerification(_ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<
        EmailRecord
    > {
        try self[rules: AccountRules.self].prepareEmailVerification(meta, sessionID: sessionID, id: id, input)
    }

    func attemptEmailVerification(_ meta: RequestMeta, sessionID: String?, id: String, code: String) throws(FrontendError) -> StoreAnswer<EmailRecord> {
        try self[rules: AccountRules.self].attemptEmailVerification(meta, sessionID: sessionID, id: id, code: code)
    }

    func deleteEmailAddress(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteEmailAddress(meta, sessionID: sessionID, id: id)
    }

    func listPhoneNumbers(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> [PhoneRecord] {
        try self[rules: AccountRules.self].listPhoneNumbers(meta, sessionID: sessionID)
    }

    func readPhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].readPhoneNumber(meta, sessionID: sessionID, id: id)
    }

    func addPhoneNumber(_ meta: RequestMeta, sessionID: String?, _ input: NewPhoneNumber) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].addPhoneNumber(meta, sessionID: sessionID, input)
    }

    func preparePhoneVerification(_ meta: RequestMeta, sessionID: String?, id: String, _ input: CodePreparation) throws(FrontendError) -> StoreAnswer<
        AccountPhone
    > {
        try self[rules: AccountRules.self].preparePhoneVerification(meta, sessionID: sessionID, id: id, input)
    }

    func attemptPhoneVerification(_ meta: RequestMeta, sessionID: String?, id: String, code: String) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].attemptPhoneVerification(meta, sessionID: sessionID, id: id, code: code)
    }

    func updatePhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String, _ input: PhoneNumberChange) throws(FrontendError) -> StoreAnswer<AccountPhone> {
        try self[rules: AccountRules.self].updatePhoneNumber(meta, sessionID: sessionID, id: id, input)
    }

    func deletePhoneNumber(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deletePhoneNumber(meta, sessionID: sessionID, id: id)
    }

    func planPasswordChange(_ meta: RequestMeta, sessionID: String?, _ input: PasswordChange) throws(FrontendError) -> PasswordChangePlan {
        try self[rules: AccountRules.self].planPasswordChange(meta, sessionID: sessionID, input)
    }

    func completePasswordChange(_ meta: RequestMeta, sessionID: String?, plan: PasswordChangePlan, newHash: String, signOutOfOtherSessions: Bool)
        throws(FrontendError) -> StoreAnswer<UserRecord>
    {
        try self[rules: AccountRules.self].completePasswordChange(
            meta, sessionID: sessionID, plan: plan, newHash: newHash, signOutOfOtherSessions: signOutOfOtherSessions)
    }

    func failedCurrentPassword(userID: String) -> FrontendError {
        self[rules: AccountRules.self].failedCurrentPassword(userID: userID)
    }

    func createTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        try self[rules: AccountRules.self].createTOTP(meta, sessionID: sessionID)
    }

    func verifyTOTP(_ meta: RequestMeta, sessionID: String?, code: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        try self[rules: AccountRules.self].verifyTOTP(meta, sessionID: sessionID, code: code)
    }

    func deleteTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteTOTP(meta, sessionID: sessionID)
    }

    func createBackupCodes(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<IssuedBackupCodes> {
        try self[rules: AccountRules.self].createBackupCodes(meta, sessionID: sessionID)
    }

    // MARK: SessionRules

    func readClient(_ meta: RequestMeta) -> ClientSnapshot? {
        self[rules: SessionRules.self].readClient(meta)
    }

    func createClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].createClient(meta)
    }

    func signOutClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].signOutClient(meta)
    }

    func touchSession(_ meta: RequestMeta, id: String, _ input: SessionTouch) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].touchSession(meta, id: id, input)
    }

    func grantToken(_ meta: RequestMeta, sessionID: String, _ input: TokenRequest, admitted: Bool = false) throws(FrontendError) -> TokenGrant {
        try self[rules: SessionRules.self].grantToken(meta, sessionID: sessionID, input, admitted: admitted)
    }

    func finishSession(_ meta: RequestMeta, id: String, status: SessionStatus) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].finishSession(meta, id: id, status: status)
    }

    func readSession(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].readSession(meta, id: id)
    }

    func removeClientSessions(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try self[rules: SessionRules.self].removeClientSessions(meta)
    }

    func grantTemplateToken(_ meta: RequestMeta, sessionID: String, templateName: String) throws(FrontendError) -> (TokenGrant, JWTTemplate) {
        try self[rules: SessionRules.self].grantTemplateToken(meta, sessionID: sessionID, templateName: templateName)
    }

    func activeSessions(_ meta: RequestMeta, actingSessionID: String?) throws(FrontendError) -> [SessionRecord] {
        try self[rules: SessionRules.self].activeSessions(meta, actingSessionID: actingSessionID)
    }

    func revokeUserSession(_ meta: RequestMeta, id: String, actingSessionID: String?) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try self[rules: SessionRules.self].revokeUserSession(meta, id: id, actingSessionID: actingSessionID)
    }

    func revokeSession(id: String) throws(FrontendError) -> AdminSession {
        try self[rules: SessionRules.self].revokeSession(id: id)
    }

    func listSessions() -> [AdminSession] {
        self[rules: SessionRules.self].listSessions()
    }

    // MARK: BackendAPIRules

    func backendView(_ user: UserRecord) -> BackendUserView {
        self[rules: BackendAPIRules.self].backendView(user)
    }

    func backendUser(id: String) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendUser(id: id)
    }

    func backendUsers(_ query: BackendUserQuery) -> [BackendUserView] {
        self[rules: BackendAPIRules.self].backendUsers(query)
    }

    func backendUserCount(_ query: BackendUserQuery) -> Int {
        self[rules: BackendAPIRules.self].backendUserCount(query)
    }

    func backendUpdateUser(id: String, _ input: BackendUpdateUser, passwordHash: String?) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendUpdateUser(id: id, input, passwordHash: passwordHash)
    }

    func backendDeleteUser(id: String) throws(FrontendError) {
        try self[rules: BackendAPIRules.self].backendDeleteUser(id: id)
    }

    func backendSetLocked(id: String, _ locked: Bool) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendSetLocked(id: id, locked)
    }

    func backendSetPasswordCompromised(id: String, _ compromised: Bool) throws(FrontendError) -> BackendUserView {
        try self[rules: BackendAPIRules.self].backendSetPasswordCompromised(id: id, compromised)
    }

    func backendSessions(userID: String?, clientID: String?, status: SessionStatus?) -> [SessionRecord] {
        self[rules: BackendAPIRules.self].backendSessions(userID: userID, clientID: clientID, status: status)
    }

    func backendRevokeSession(id: String) throws(FrontendError) -> SessionRecord {
        try self[rules: BackendAPIRules.self].backendRevokeSession(id: id)
    }

    // MARK: UserAdministration

    func flagPasswordCompromised(userID: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].flagPasswordCompromised(userID: userID)
    }

    func listUsers() -> [SeededUser] {
        self[rules: UserAdministration.self].listUsers()
    }

    func dashboardUsers(matching query: String?) -> [DashboardUser] {
        self[rules: UserAdministration.self].dashboardUsers(matching: query)
    }

    func deleteUser(dashboardID id: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].deleteUser(dashboardID: id)
    }

    func setLocked(_ locked: Bool, dashboardUserID id: String) throws(FrontendError) {
        try self[rules: UserAdministration.self].setLocked(locked, dashboardUserID: id)
    }

    func createUser(_ newUser: NewUser) throws(NewUserRefusal) -> CreatedUser {
        try self[rules: UserAdministration.self].createUser(newUser)
    }

    func exportUsers() -> UserExportDocument {
        self[rules: UserAdministration.self].exportUsers()
    }

    func importUsers(_ document: UserExportDocument) throws(UserImportError) -> Int {
        try self[rules: UserAdministration.self].importUsers(document)
    }
}
