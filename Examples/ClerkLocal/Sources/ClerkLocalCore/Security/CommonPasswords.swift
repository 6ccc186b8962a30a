/// A small shipped list of very common passwords, refused with `form_password_pwned`. It stands in
/// for the breach corpus Clerk checks against, which an offline server cannot query.
package enum CommonPasswords {
    package static func contains(_ password: String) -> Bool {
        list.contains(password.lowercased())
    }

    private static let list: Set<String> = [
        "password", "12345678", "123456789", "1234567890", "12345678910", "password1", "password123", "iloveyou",
        "princess1", "qwertyuiop", "qwerty123", "1qaz2wsx", "1q2w3e4r", "1q2w3e4r5t", "zaq12wsx", "sunshine1",
        "football1", "baseball1", "superman", "trustno1", "welcome1", "welcome123", "letmein1", "monkey123",
        "dragon123", "master123", "michael1", "jennifer", "shadow123", "abc12345", "abcd1234", "11111111",
        "00000000", "88888888", "87654321", "123123123", "12341234", "11223344", "qwertyui", "asdfghjk",
        "asdfghjkl", "zxcvbnm1", "passw0rd", "p@ssw0rd", "p@ssword", "password!", "password12", "admin123",
        "administrator", "changeme", "changeme1", "computer", "internet", "starwars", "whatever1", "football",
        "baseball", "sunshine", "iloveyou1", "princess", "charlie1", "freedom1", "letmein123", "loveyou1",
        "maverick", "mustang1", "nicole123", "pokemon1", "samsung1", "secret123", "summer2024", "winter2024",
        "spring2024", "autumn2024", "summer2025", "winter2025", "qazwsxedc", "1234qwer", "qwer1234", "a1234567",
        "aa123456", "asd12345", "default1", "google123", "hello123", "jordan23", "killer123", "liverpool",
        "chelsea1", "arsenal1", "basketball", "soccer123", "hockey123", "michelle1", "jessica1", "ashley123",
        "daniel123", "matthew1", "thomas123", "robert123", "access14", "batman123", "blink182", "flower123",
        "ginger123", "hunter123", "jordan123", "junior123", "madison1",
    ]
}
