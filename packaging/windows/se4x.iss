; Inno Setup script: a Windows installer for the PyInstaller folder dist\se4x.
; Built by packaging/ci/github-actions.yml (iscc packaging\windows\se4x.iss) after
; the bundle, with SE4X_VERSION set and build\se4x.ico made from the icon PNG.
; Paths are relative to this file.

#define AppVersion GetEnv("SE4X_VERSION")
#if AppVersion == ""
  #error SE4X_VERSION is not set (the version of pyproject.toml)
#endif

[Setup]
AppId={{6F1C2A4E-5B7D-4E8A-9C3F-2D1B0A9E8C7D}
AppName=Space Empires 4X
AppVersion={#AppVersion}
AppPublisher=The se4x authors
DefaultDirName={autopf}\se4x
DefaultGroupName=Space Empires 4X
DisableProgramGroupPage=yes
LicenseFile=..\..\LICENSE
SetupIconFile=..\..\build\se4x.ico
UninstallDisplayIcon={app}\se4x.exe
OutputDir=..\..\dist
OutputBaseFilename=se4x-{#AppVersion}-windows-x64-setup
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequiredOverridesAllowed=dialog
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; Flags: unchecked

[Files]
Source: "..\..\dist\se4x\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Space Empires 4X"; Filename: "{app}\se4x.exe"
Name: "{autodesktop}\Space Empires 4X"; Filename: "{app}\se4x.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\se4x.exe"; Description: "{cm:LaunchProgram,Space Empires 4X}"; Flags: nowait postinstall skipifsilent
