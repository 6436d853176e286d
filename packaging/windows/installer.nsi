; Frightmare Companion's Windows installer: for the one user who runs it, without administrator
; rights, into %LOCALAPPDATA%\Programs. Built by the release workflow from the PyInstaller
; bundle (and by the tests from a small stand-in laid out like it):
;
;   makensis /DVERSION=0.1.0 /DPAYLOAD=dist\frightmare /DOUTFILE=dist\setup.exe
;            [/DICON=build\icons\frightmare.ico] [/DSIGN="signing command"] installer.nsi
;
; The uninstaller removes the app's own files, its Start-menu entry and its Add/Remove programs
; entry, and nothing else: the player's games (%LOCALAPPDATA%\frightmare, platformdirs' data
; folder) stay, as they do when the .deb is removed.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION
  !error "VERSION is not defined: makensis /DVERSION=x.y.z ..."
!endif
!ifndef PAYLOAD
  !error "PAYLOAD is not defined: the folder of the PyInstaller bundle (dist\frightmare)"
!endif
!ifndef OUTFILE
  !define OUTFILE "frightmare-companion-${VERSION}-windows-x86_64-setup.exe"
!endif

!define APP_ID "io.github.frightmare.companion"
!define APP_NAME "Frightmare Companion"
!define PUBLISHER "The Frightmare Companion developers"
!define HOMEPAGE "https://github.com/frightmare/companion"
!define EXE "frightmare.exe"
; Per user: HKCU, so no administrator is asked for and other accounts never see it.
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"

; Signing inside makensis (NSIS 3.08 and later): the installer once it is written, and the
; uninstaller the installer carries, each with the command given (%1 is the file).
!ifdef SIGN
  !finalize '${SIGN} "%1"' = 0
  !uninstfinalize '${SIGN} "%1"' = 0
!endif

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
; An earlier install's folder, if the player chose another one then.
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP_NAME} installer"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!include "FileFunc.nsh"

!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; The data folder (%LOCALAPPDATA%\frightmare) is never an install folder, nor inside one: the
; app's files and the player's games stay apart.
Function .onVerifyInstDir
  StrCpy $0 "$LOCALAPPDATA\frightmare"
  StrLen $1 $0
  StrCpy $2 $INSTDIR $1
  StrCmp $2 $0 0 +2
    Abort
  StrLen $1 $INSTDIR
  StrCpy $2 $0 $1
  StrCmp $2 $INSTDIR 0 +2
    Abort
FunctionEnd

Section "${APP_NAME}" main
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An earlier version's libraries go first, so none of them lingers beside the new ones.
  RMDir /r "$INSTDIR\_internal"
  File "${PAYLOAD}\${EXE}"
  File "${PAYLOAD}\frightmare-cli.exe"
  File /r "${PAYLOAD}\_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "URLInfoAbout" "${HOMEPAGE}"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" $0
SectionEnd

; What the install section wrote, by name; the player's data folder is not among it.
Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\frightmare-cli.exe"
  Delete "$INSTDIR\uninstall.exe"
  ; Only if now empty: anything else the player put there stays.
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINST_KEY}"
  DetailPrint "Your games stay in $LOCALAPPDATA\frightmare."
SectionEnd
